import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { findUserById } from '../data/stores/users';
import { bindImId, findUserIdByImId, unbindImId } from '../data/stores/user-im-ids';
import { requestLanguage, type Lang } from '../http/language';
import { recordSignIn } from '../auth/login-audit';
import { requireMfaVerified } from '../auth/mfa-verify';
import { requireAuth } from '../auth/session-auth';
import { safeNext } from '../auth/safe-next';
import { LOGIN_PATH } from '../auth/login-paths';
import { siteUrl } from '../mail/password-reset';
import { escapeHtml } from '../resources/tickets/escape-html';
import { IM_NAMES, IM_SOURCES, imQrPageUrl, imUserIdByCode } from '../im-sms/im-clients';
import { imSettings } from '../im-sms/im-settings';
import { ProviderError, providerReach, providerUrl } from '../im-sms/provider-request';
import { admitExternalUser, refuseOnLoginPage } from './external-sign-in';
import { sealedFlowCookie } from './sealed-flow';
import { ssoMessage } from './sso-messages';
import { imPaths } from './sso-paths';

const FLOW_TTL_MS = 10 * 60_000;
/** Where binding comes back to when the page that started it named nowhere. */
const PROFILE_PAGE = '/ui/profile/info';

/**
 * A QR sign-in or binding started here: `state` travels through the provider and must come back equal,
 * so a code obtained by someone else cannot sign this browser in or bind their account to this user.
 */
interface Flow {
  state: string;
  /** The user binding (null: signing in). */
  userId: string | null;
  next: string;
  expires: number;
}

const query = (request: FastifyRequest, name: string): string => {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** A plain, escaped page for the binding's outcome (the signed-in user is not on the login page). */
function bindingPage(reply: FastifyReply, status: number, text: string, back: string, lang: Lang) {
  const link = escapeHtml(ssoMessage('backToProfile', lang));
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(text)}</title></head>
<body style="font-family:sans-serif;display:flex;justify-content:center;margin-top:20vh">
<p data-testid="im-bind-message">${escapeHtml(text)} <a href="${escapeHtml(back)}">${link}</a></p></body></html>`,
    );
}

/**
 * QR sign-in and binding through WeCom, DingTalk and FeiShu (docs/auth-im-sms.md#qr-sign-in-and-binding):
 * the browser leaves for the provider's QR page with a single-use `state` kept in a sealed cookie, comes back
 * with a one-time code, which this server exchanges with the provider for the person's user id there. Sign-in
 * admits the user bound to that id (never creates one); binding stores it on the signed-in user.
 */
export function registerImRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const source of IM_SOURCES) {
    const paths = imPaths(source);
    const name = { source: IM_NAMES[source] };
    const flows = sealedFlowCookie<Flow>(ctx, `${source}_qr_flow`, `/core/auth/${source}/qr/`, FLOW_TTL_MS);

    /** Leaves for the provider's QR page, or answers why not. */
    const leave = async (
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string | null,
      next: string,
      callback: string,
    ) => {
      const settings = await imSettings(ctx, source);
      if (!settings.enabled) return null;
      const flow: Flow = {
        state: crypto.randomBytes(18).toString('base64url'),
        userId,
        next,
        expires: Date.now() + FLOW_TTL_MS,
      };
      flows.set(reply, flow);
      const page = imQrPageUrl(
        source,
        settings.credentials,
        `${await siteUrl(ctx.db, ctx.config)}${callback}`,
        flow.state,
      );
      return reply
        .header('cache-control', 'no-store')
        .redirect(providerUrl(page, providerReach(ctx.config)), 302);
    };

    /** The flow this callback belongs to (used up now), and the provider's user id from its code. */
    const comeBack = async (
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ flow: Flow; imId: string } | { error: string }> => {
      const lang = requestLanguage(request);
      const flow = flows.read(request);
      // One flow, one answer: the same callback a second time finds no flow.
      flows.clear(reply);
      const settings = await imSettings(ctx, source);
      if (!settings.enabled) return { error: ssoMessage('sourceOff', lang, name) };
      const state = query(request, 'state');
      if (!flow || state === '' || flow.state !== state) return { error: ssoMessage('flowExpired', lang) };
      const code = query(request, 'code') || query(request, 'authCode');
      try {
        if (code === '') throw new ProviderError('no code');
        const imId = await imUserIdByCode(source, settings.credentials, code, {
          lang,
          reach: providerReach(ctx.config),
        });
        return { flow, imId };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.warn(`${IM_NAMES[source]} QR: ${error.message}`);
        return { error: ssoMessage('providerFailed', lang, { ...name, detail: error.message }) };
      }
    };

    app.get(paths.login, async (request, reply) => {
      const left = await leave(request, reply, null, safeNext(query(request, 'next')), paths.loginCallback);
      return (
        left ??
        refuseOnLoginPage(ctx, request, reply, ssoMessage('sourceOff', requestLanguage(request), name))
      );
    });

    app.get(paths.loginCallback, async (request, reply) => {
      const lang = requestLanguage(request);
      const back = await comeBack(request, reply);
      if ('error' in back) return refuseOnLoginPage(ctx, request, reply, back.error);
      if (back.flow.userId !== null)
        return refuseOnLoginPage(ctx, request, reply, ssoMessage('flowExpired', lang));
      const userId = await findUserIdByImId(ctx.db, source, back.imId);
      const user = userId === null ? null : await findUserById(ctx.db, userId);
      if (!user) {
        await recordSignIn(ctx.db, request, {
          username: back.imId,
          user: null,
          backend: IM_NAMES[source],
          reason: 'user_not_exist',
        });
        return refuseOnLoginPage(ctx, request, reply, ssoMessage('imNotBound', lang, name));
      }
      return admitExternalUser(
        ctx,
        request,
        reply,
        user,
        { username: user.username, source, backend: IM_NAMES[source] },
        back.flow.next,
      );
    });

    app.get(paths.bind, async (request, reply) => {
      const lang = requestLanguage(request);
      const next = safeNext(query(request, 'redirect_url') || query(request, 'next') || PROFILE_PAGE);
      if (!request.auth)
        return reply.redirect(
          `${LOGIN_PATH}?next=${encodeURIComponent(`${paths.bind}?redirect_url=${next}`)}`,
          302,
        );
      const left = await leave(request, reply, request.auth.user.id, next, paths.bindCallback);
      return left ?? bindingPage(reply, 400, ssoMessage('sourceOff', lang, name), next, lang);
    });

    app.get(paths.bindCallback, async (request, reply) => {
      const lang = requestLanguage(request);
      const back = await comeBack(request, reply);
      if ('error' in back) return bindingPage(reply, 400, back.error, PROFILE_PAGE, lang);
      const { flow, imId } = back;
      // The binding belongs to the user who started it, still signed in in this browser.
      if (flow.userId === null || request.auth?.user.id !== flow.userId)
        return bindingPage(reply, 400, ssoMessage('imSignInFirst', lang, name), flow.next, lang);
      if (!(await bindImId(ctx.db, flow.userId, source, imId)))
        return bindingPage(reply, 400, ssoMessage('imTaken', lang, name), flow.next, lang);
      request.log.info(`${request.auth.user.username} bound ${IM_NAMES[source]}`);
      return reply.redirect(flow.next, 302);
    });

    // Unbinding asks for MFA when the user has it, as for other account secrets (docs/auth.md#mfa).
    for (const url of paths.unbind)
      app.post(url, async (request) => {
        const auth = requireAuth(request);
        await requireMfaVerified(ctx, request);
        await unbindImId(ctx.db, auth.user.id, source);
        return { msg: ssoMessage('imUnbound', requestLanguage(request), name) };
      });
  }
}
