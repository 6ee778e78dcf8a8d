import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppContext } from '../app-context';
import { requestLanguage } from '../http/language';
import { requireSettingsPerms } from '../api/settings-permission';
import { safeNext } from '../auth/safe-next';
import { sealedFlowCookie } from './sealed-flow';
import { finishExternalSignIn, refuseOnLoginPage } from './external-sign-in';
import { discoverProvider, issuerOf, oidcSettings, scopesOf } from './oidc-settings';
import { ssoMessage } from './sso-messages';
import { OIDC_CALLBACK_PATH, OIDC_LOGIN_PATH } from './sso-paths';

const TEST_PATH = '/api/v1/settings/oidc/testing/';
const FLOW_TTL_MS = 10 * 60_000;
const SOURCE = { source: 'openid', backend: 'OpenID' } as const;

/** What the browser carries between leaving for the provider and coming back, sealed (nothing readable). */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
  expires: number;
}

const query = (request: FastifyRequest, name: string): string => {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};
const describe = (error: unknown): string => {
  if (error instanceof oidc.ResponseBodyError)
    return `${error.error}: ${error.error_description ?? ''}`.trim();
  if (error instanceof oidc.AuthorizationResponseError)
    return `${error.error}: ${error.error_description ?? ''}`.trim();
  const cause = (error as { cause?: unknown }).cause;
  const base = error instanceof Error ? error.message : String(error);
  return cause instanceof Error && cause.message !== base ? `${base} (${cause.message})` : base;
};

/**
 * Sign-in with an OpenID Connect provider (docs/auth-sources.md#openid-connect): the authorization-code
 * flow with PKCE, `state` and `nonce` always checked by openid-client, the ID token's signature and claims
 * verified against the provider's published keys. The Test button reads the discovery document.
 */
export function registerOidcRoutes(app: FastifyInstance, ctx: AppContext): void {
  const flows = sealedFlowCookie<Flow>(ctx, 'oidc_flow', '/core/auth/openid/', FLOW_TTL_MS);
  const providerFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    request.log.warn(`OpenID sign-in: ${describe(error)}`);
    const lang = requestLanguage(request);
    return refuseOnLoginPage(
      ctx,
      request,
      reply,
      ssoMessage('providerFailed', lang, { source: SOURCE.backend, detail: describe(error) }),
    );
  };

  app.get(OIDC_LOGIN_PATH, async (request, reply) => {
    const lang = requestLanguage(request);
    const settings = await oidcSettings(ctx.db, ctx.config);
    if (!settings.enabled || settings.issuer === '')
      return refuseOnLoginPage(
        ctx,
        request,
        reply,
        ssoMessage('sourceOff', lang, { source: SOURCE.backend }),
      );
    let config: oidc.Configuration;
    try {
      config = await discoverProvider(settings.issuer, settings.clientId, settings.clientSecret);
    } catch (error) {
      return providerFailure(request, reply, error);
    }
    const flow: Flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      next: safeNext(query(request, 'next')),
      expires: Date.now() + FLOW_TTL_MS,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${settings.baseUrl}${OIDC_CALLBACK_PATH}`,
      scope: scopesOf(settings),
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    flows.set(reply, flow);
    return reply.header('cache-control', 'no-store').redirect(url.href, 302);
  });

  app.get(OIDC_CALLBACK_PATH, async (request, reply) => {
    const lang = requestLanguage(request);
    const flow = flows.read(request);
    // One flow, one answer: a second use of the same callback finds no flow.
    flows.clear(reply);
    const settings = await oidcSettings(ctx.db, ctx.config);
    if (!settings.enabled || settings.issuer === '')
      return refuseOnLoginPage(
        ctx,
        request,
        reply,
        ssoMessage('sourceOff', lang, { source: SOURCE.backend }),
      );
    if (!flow) return refuseOnLoginPage(ctx, request, reply, ssoMessage('flowExpired', lang));
    let claims: Record<string, unknown>;
    try {
      const config = await discoverProvider(settings.issuer, settings.clientId, settings.clientSecret);
      // The callback's own URL on the console's configured address (never the request's Host header).
      const current = new URL(`${settings.baseUrl}${request.url}`);
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = { ...(tokens.claims() ?? {}) };
      const subject = typeof claims.sub === 'string' ? claims.sub : oidc.skipSubjectCheck;
      if (config.serverMetadata().userinfo_endpoint)
        claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, subject)) };
    } catch (error) {
      return providerFailure(request, reply, error);
    }
    const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string).trim() : '');
    const username = text(settings.attrMap.username);
    if (username === '')
      return refuseOnLoginPage(
        ctx,
        request,
        reply,
        ssoMessage('noUsername', lang, { claim: settings.attrMap.username }),
      );
    return finishExternalSignIn(
      ctx,
      request,
      reply,
      { username, name: text(settings.attrMap.name), email: text(settings.attrMap.email) },
      { ...SOURCE, createUser: settings.createUser, updateUser: settings.alwaysUpdateUser },
      flow.next,
    );
  });

  app.post(TEST_PATH, async (request, reply) => {
    await requireSettingsPerms(ctx, request, ['settings.change_auth']);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const issuer = issuerOf(body);
    if (issuer === '')
      return reply
        .code(400)
        .send({ error: ssoMessage('sourceOff', requestLanguage(request), { source: SOURCE.backend }) });
    try {
      const config = await discoverProvider(issuer, 'discovery-test', '');
      const meta = config.serverMetadata();
      return reply.send({ msg: `OK: ${meta.issuer} (${meta.authorization_endpoint ?? ''})` });
    } catch (error) {
      return reply.code(400).send({ error: describe(error) });
    }
  });
}
