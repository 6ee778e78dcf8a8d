import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppContext } from '../app-context';
import { escapeHtml } from '../resources/tickets/escape-html';
import { categoryValues } from '../settings/settings-values';
import { LOGIN_PATH } from '../auth/login-paths';
import { safeNext } from '../auth/safe-next';
import type { Lang } from '../http/language';
import { discoverProvider, oidcSettings } from './oidc-settings';
import { ssoMessage } from './sso-messages';
import { casLogoutUrl, casSettings } from './cas-settings';
import { hasIdp, saml2Settings } from './saml2-settings';
import { saml2LogoutUrl } from './saml2-session';
import { IM_NAMES, type ImSource } from '../im-sms/im-clients';
import { enabledImSources } from '../im-sms/im-settings';
import { CAS_LOGIN_PATH, imPaths, OIDC_LOGIN_PATH, SAML2_LOGIN_PATH } from './sso-paths';

const IM_LOGIN_IDS: Record<ImSource, 'WECOM' | 'DINGTALK' | 'FEISHU'> = {
  wecom: 'WECOM',
  dingtalk: 'DINGTALK',
  feishu: 'FEISHU',
};

/** A button of the login page that starts a sign-in at an outside provider. */
export interface LoginSource {
  /** The value of LOGIN_REDIRECT_TO_BACKEND that names it, and the users' `source`. */
  id: 'OPENID' | 'CAS' | 'SAML2' | 'WECOM' | 'DINGTALK' | 'FEISHU';
  label: string;
  /** A path of this server that leaves for the provider. */
  url: string;
}

/** The outside sources that are on and complete enough to start a sign-in, in the login page's order. */
export async function enabledLoginSources(ctx: AppContext): Promise<LoginSource[]> {
  const sources: LoginSource[] = [];
  const openid = await oidcSettings(ctx.db, ctx.config);
  if (openid.enabled && openid.issuer !== '' && openid.clientId !== '')
    sources.push({ id: 'OPENID', label: 'OpenID', url: OIDC_LOGIN_PATH });
  const cas = await casSettings(ctx.db, ctx.config);
  if (cas.enabled && cas.serverUrl !== '') sources.push({ id: 'CAS', label: 'CAS', url: CAS_LOGIN_PATH });
  const saml2 = await saml2Settings(ctx.db, ctx.config);
  if (saml2.enabled && hasIdp(saml2)) sources.push({ id: 'SAML2', label: 'SAML2', url: SAML2_LOGIN_PATH });
  // The QR sign-ins (docs/auth-im-sms.md#qr-sign-in-and-binding).
  for (const source of await enabledImSources(ctx))
    sources.push({ id: IM_LOGIN_IDS[source], label: IM_NAMES[source], url: imPaths(source).login });
  return sources;
}

/** The login page's own extras: where "forgot password" leads, and the source buttons. */
export async function loginPageExtras(ctx: AppContext) {
  const auth = await categoryValues(ctx.db, ctx.config, 'auth');
  return {
    forgotPasswordUrl: typeof auth.FORGOT_PASSWORD_URL === 'string' ? auth.FORGOT_PASSWORD_URL : '',
    sources: (await enabledLoginSources(ctx)).map(({ id, label, url }) => ({ id, label, url })),
  };
}

const withNext = (url: string, next: string) => `${url}?next=${encodeURIComponent(safeNext(next))}`;

/**
 * Where an anonymous visit of the login page goes instead of the form (docs/auth-sources.md#redirects):
 * the source LOGIN_REDIRECT_TO_BACKEND names, while it is on; never with `DIRECT`, a blank value or `?admin=1`.
 * `messageFirst`: through the 3-second message page (LOGIN_REDIRECT_MSG_ENABLED).
 */
export async function loginRedirect(
  ctx: AppContext,
  request: FastifyRequest,
  next: string,
): Promise<{ url: string; label: string; messageFirst: boolean } | null> {
  const admin = (request.query as Record<string, unknown> | undefined)?.admin;
  if (admin !== undefined && admin !== '' && admin !== '0') return null;
  const auth = await categoryValues(ctx.db, ctx.config, 'auth');
  const wanted = auth.LOGIN_REDIRECT_TO_BACKEND;
  if (typeof wanted !== 'string' || wanted === '' || wanted === 'DIRECT') return null;
  const source = (await enabledLoginSources(ctx)).find((s) => s.id === wanted);
  if (!source) return null;
  return {
    url: withNext(source.url, next),
    label: source.label,
    messageFirst: auth.LOGIN_REDIRECT_MSG_ENABLED !== false,
  };
}

/** The 3-second message page before leaving for the provider; no script, escaped text. */
export function redirectMessagePage(target: { url: string; label: string }, lang: Lang): string {
  const text = escapeHtml(ssoMessage('redirecting', lang, { source: target.label }));
  const url = escapeHtml(target.url);
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="3;url=${url}"><title>${text}</title></head>
<body style="font-family:sans-serif;display:flex;justify-content:center;margin-top:20vh">
<p data-testid="sso-redirect-message">${text} <a href="${url}">${escapeHtml(target.label)}</a></p></body></html>`;
}

/**
 * Where signing out sends the browser when the session came from a provider that should end its own
 * session too (docs/auth-sources.md#signing-out): its end-session endpoint or CAS logout, back to the login page.
 */
export async function providerLogoutUrl(
  ctx: AppContext,
  source: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  if (source === 'saml2') return saml2LogoutUrl(ctx, request, reply);
  if (source === 'cas') {
    const cas = await casSettings(ctx.db, ctx.config);
    if (!cas.enabled || !cas.logoutCompletely || cas.serverUrl === '') return null;
    return casLogoutUrl(cas, `${cas.baseUrl}${LOGIN_PATH}`);
  }
  if (source !== 'openid') return null;
  const settings = await oidcSettings(ctx.db, ctx.config);
  if (!settings.enabled || !settings.shareSession || settings.issuer === '') return null;
  try {
    const config = await discoverProvider(settings.issuer, settings.clientId, settings.clientSecret);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, {
      client_id: settings.clientId,
      post_logout_redirect_uri: `${settings.baseUrl}${LOGIN_PATH}`,
    }).href;
  } catch {
    return null;
  }
}
