import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { hasIdp, loadIdp, saml2Settings } from './saml2-settings';
import { serviceProvider } from './saml2-service-provider';
import { sealedFlowCookie } from './sealed-flow';
import crypto from 'node:crypto';

/** What a LogoutRequest must name: the subject and session the IdP gave at sign-in. */
interface Saml2Session {
  nameID: string;
  nameIDFormat: string;
  sessionIndex: string;
  expires: number;
}

/** The IdP's session of this browser, sealed, readable by the logout of /core/auth/. */
export const saml2SessionCookie = (ctx: AppContext) =>
  sealedFlowCookie<Saml2Session>(ctx, 'saml2_session', '/core/auth/', 24 * 3600_000);

/**
 * The IdP's logout for a session that came from SAML2, when SAML2_LOGOUT_COMPLETELY is on and the IdP
 * has a single logout service (docs/auth-radius-saml.md#logout): a LogoutRequest (HTTP-Redirect, signed
 * when the SP has a key) naming the subject and session of the sign-in. Null otherwise.
 */
export async function saml2LogoutUrl(ctx: AppContext, request: FastifyRequest): Promise<string | null> {
  const settings = await saml2Settings(ctx.db, ctx.config);
  if (!settings.enabled || !settings.logoutCompletely || !hasIdp(settings)) return null;
  const session = saml2SessionCookie(ctx).read(request);
  if (!session) return null;
  try {
    const idp = await loadIdp(settings);
    if (idp.sloUrl === '') return null;
    const sp = serviceProvider(settings, idp, `_${crypto.randomBytes(20).toString('hex')}`);
    return await sp.getLogoutUrlAsync(
      {
        issuer: idp.entityId,
        nameID: session.nameID,
        nameIDFormat: session.nameIDFormat,
        ...(session.sessionIndex ? { sessionIndex: session.sessionIndex } : {}),
      },
      '',
      {},
    );
  } catch (error) {
    request.log.warn(`SAML2 logout: ${String(error)}`);
    return null;
  }
}
