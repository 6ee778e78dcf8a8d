import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Profile } from '@node-saml/node-saml';
import type { AppContext } from '../app-context';
import { consumeSaml2Request } from '../data/stores/saml2-requests';
import { requestLanguage } from '../http/language';
import { safeNext } from '../auth/safe-next';
import { finishExternalSignIn, refuseOnLoginPage } from './external-sign-in';
import { MetadataError } from './saml2-idp-metadata';
import { hasIdp, loadIdp, saml2Settings, type Saml2Settings } from './saml2-settings';
import { SAML2_FLOW_TTL_MS, serviceProvider, spMetadataXml, wrongRecipient } from './saml2-service-provider';
import { holdSaml2Subject, saml2LogoutFlowCookie, SAML2_BACKEND } from './saml2-session';
import { LogoutRefused, readLogoutMessage, type LogoutMessage } from './saml2-logout-message';
import { acceptLogoutRequest, acceptLogoutResponse } from './saml2-single-logout';
import { clearAuthCookies } from '../auth/cookies';
import { findSession } from '../data/stores/sessions';
import { sealedFlowCookie } from './sealed-flow';
import { ssoMessage } from './sso-messages';
import { SAML2_ACS_PATH, SAML2_LOGIN_PATH, SAML2_LOGOUT_PATH, SAML2_METADATA_PATH } from './sso-paths';
import { LOGIN_PATH } from '../auth/login-paths';

const SOURCE = { source: 'saml2', backend: SAML2_BACKEND } as const;
const SOURCE_NAME = { source: SOURCE.backend };

/** The sign-in started here: the id of its AuthnRequest, the only one a response may answer. */
interface Flow {
  requestId: string;
  next: string;
  expires: number;
}

const query = (request: FastifyRequest, name: string): string => {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};
const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The first value of each attribute of the assertion, as text. */
function attributesOf(profile: Profile): Record<string, string> {
  const out: Record<string, string> = {};
  const raw = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(raw)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[name] = first.trim();
  }
  return out;
}

/**
 * The person of an accepted assertion (docs/auth-radius-saml.md#flow): the NameID is the username unless
 * SAML2_RENAME_ATTRIBUTES names an attribute for it; the attributes called `name` and `email`, or those
 * renamed to them, fill the name and the e-mail.
 */
function identityOf(profile: Profile, settings: Saml2Settings) {
  const attributes = attributesOf(profile);
  const fields: Record<'username' | 'name' | 'email', string> = {
    username: (profile.nameID ?? '').trim(),
    name: attributes.name ?? '',
    email: attributes.email ?? '',
  };
  for (const [from, to] of Object.entries(settings.rename)) {
    const value = attributes[from];
    if (value && (to === 'username' || to === 'name' || to === 'email')) fields[to] = value;
  }
  return fields;
}

/**
 * Sign-in through a SAML2 identity provider (docs/auth-radius-saml.md#saml2): the SP metadata, the
 * AuthnRequest (HTTP-Redirect binding) whose id is kept in a sealed flow cookie, the assertion consumer
 * that has node-saml check the response and then signs the person in like every outside source, and the
 * landing page of the IdP's logout.
 */
export function registerSaml2Routes(app: FastifyInstance, ctx: AppContext): void {
  const flows = sealedFlowCookie<Flow>(ctx, 'saml2_flow', '/core/auth/saml2/', SAML2_FLOW_TTL_MS);
  const logoutFlows = saml2LogoutFlowCookie(ctx);
  const refuse = (request: FastifyRequest, reply: FastifyReply, detail: string) => {
    request.log.warn(`SAML2 sign-in: ${detail}`);
    return refuseOnLoginPage(
      ctx,
      request,
      reply,
      ssoMessage('providerFailed', requestLanguage(request), { ...SOURCE_NAME, detail }),
    );
  };
  const sourceOff = (request: FastifyRequest, reply: FastifyReply) =>
    refuseOnLoginPage(ctx, request, reply, ssoMessage('sourceOff', requestLanguage(request), SOURCE_NAME));

  app.get(SAML2_METADATA_PATH, async (_request, reply) => {
    const settings = await saml2Settings(ctx.db, ctx.config);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(spMetadataXml(settings));
  });

  app.get(SAML2_LOGIN_PATH, async (request, reply) => {
    const settings = await saml2Settings(ctx.db, ctx.config);
    if (!settings.enabled || !hasIdp(settings)) return sourceOff(request, reply);
    // The entity id and the ACS URL the IdP registers are built on the site URL: never a guessed address.
    if (!settings.siteUrlSet)
      return refuseOnLoginPage(
        ctx,
        request,
        reply,
        ssoMessage('noSiteUrl', requestLanguage(request), SOURCE_NAME),
      );
    const flow: Flow = {
      requestId: `_${crypto.randomBytes(20).toString('hex')}`,
      next: safeNext(query(request, 'next')),
      expires: Date.now() + SAML2_FLOW_TTL_MS,
    };
    let url: string;
    try {
      const idp = await loadIdp(settings);
      url = await serviceProvider(settings, idp, flow.requestId).getAuthorizeUrlAsync('', undefined, {});
    } catch (error) {
      return refuse(request, reply, errorText(error));
    }
    flows.set(reply, flow, { crossSitePost: true, https: settings.baseUrl.startsWith('https:') });
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  app.post(SAML2_ACS_PATH, async (request, reply) => {
    const lang = requestLanguage(request);
    const flow = flows.read(request);
    // One flow, one answer: the cookie goes, and the request id is recorded as consumed below.
    flows.clear(reply);
    const settings = await saml2Settings(ctx.db, ctx.config);
    if (!settings.enabled || !hasIdp(settings)) return sourceOff(request, reply);
    if (!flow) return refuseOnLoginPage(ctx, request, reply, ssoMessage('flowExpired', lang));
    const body = (request.body ?? {}) as Record<string, unknown>;
    const samlResponse = typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '';
    if (samlResponse === '') return refuse(request, reply, 'no SAMLResponse');
    let profile: Profile;
    try {
      const idp = await loadIdp(settings);
      const requestedAt = flow.expires - SAML2_FLOW_TTL_MS;
      const sp = serviceProvider(settings, idp, flow.requestId, requestedAt);
      const result = await sp.validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!result.profile) return refuse(request, reply, 'the response carries no assertion');
      profile = result.profile;
      // node-saml compares the issuer only on logout messages; the signed assertion's is checked here.
      if (profile.issuer !== idp.entityId)
        return refuse(request, reply, `unknown issuer ${profile.issuer}, expected ${idp.entityId}`);
      const wrong = wrongRecipient(samlResponse, `${settings.baseUrl}${SAML2_ACS_PATH}`);
      if (wrong) return refuse(request, reply, wrong);
    } catch (error) {
      if (error instanceof MetadataError) return refuse(request, reply, error.message);
      return refuse(request, reply, errorText(error));
    }
    if (!(await consumeSaml2Request(ctx.db, flow.requestId, flow.expires)))
      return refuse(request, reply, 'this response was already used');
    const identity = identityOf(profile, settings);
    if (identity.username === '')
      return refuseOnLoginPage(ctx, request, reply, ssoMessage('noUsername', lang, { claim: 'NameID' }));
    holdSaml2Subject(ctx, request, reply, {
      username: identity.username,
      issuer: profile.issuer,
      nameID: profile.nameID,
      nameIDFormat: profile.nameIDFormat,
      sessionIndex: profile.sessionIndex ?? '',
    });
    return finishExternalSignIn(
      ctx,
      request,
      reply,
      identity,
      {
        ...SOURCE,
        createUser: true,
        updateUser: settings.alwaysUpdateUser,
      },
      flow.next,
    );
  });

  /**
   * The single logout service (docs/auth-radius-saml.md#single-logout), HTTP-Redirect (GET) and HTTP-POST:
   * the IdP's LogoutResponse to our LogoutRequest — the person is signed out here already, so a refused
   * one only says the IdP did not confirm — or the IdP's own LogoutRequest, which ends the sessions of its
   * subject and is answered with a LogoutResponse. Without a message it leads to the login page.
   */
  const singleLogout = async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLanguage(request);
    const refused = (kind: LogoutMessage['kind'], detail: string) => {
      request.log.warn(`SAML2 single logout, ${kind}: ${detail}`);
      const key = kind === 'response' ? 'logoutUnconfirmed' : 'logoutRequestRefused';
      return refuseOnLoginPage(ctx, request, reply, ssoMessage(key, lang, { ...SOURCE_NAME, detail }));
    };
    let message: LogoutMessage | null;
    try {
      message = readLogoutMessage(request);
    } catch (error) {
      if (error instanceof LogoutRefused) return refused(error.kind, error.message);
      throw error;
    }
    if (!message) return reply.header('cache-control', 'no-store').redirect(LOGIN_PATH, 303);
    const flow = message.kind === 'response' ? logoutFlows.read(request) : null;
    if (message.kind === 'response') logoutFlows.clear(reply);
    const settings = await saml2Settings(ctx.db, ctx.config);
    if (!settings.enabled || !hasIdp(settings)) return sourceOff(request, reply);
    try {
      const idp = await loadIdp(settings);
      if (message.kind === 'response') {
        await acceptLogoutResponse(ctx, request, message, settings, idp, flow);
        return reply.header('cache-control', 'no-store').redirect(LOGIN_PATH, 303);
      }
      const { ended, responseUrl } = await acceptLogoutRequest(ctx, request, message, settings, idp);
      request.log.info(`SAML2 single logout from the IdP: ${ended} session(s) ended`);
      // This browser's own session may have been one of them.
      const own = request.cookies[ctx.cookies.session];
      if (own && !(await findSession(ctx.db, own, Date.now()))) clearAuthCookies(reply, ctx.cookies);
      return reply
        .header('cache-control', 'no-store')
        .redirect(responseUrl ?? LOGIN_PATH, responseUrl ? 302 : 303);
    } catch (error) {
      if (error instanceof LogoutRefused) return refused(error.kind, error.message);
      if (error instanceof MetadataError) return refused(message.kind, error.message);
      throw error;
    }
  };
  app.get(SAML2_LOGOUT_PATH, singleLogout);
  app.post(SAML2_LOGOUT_PATH, singleLogout);
}
