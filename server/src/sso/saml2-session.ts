import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { linkSaml2Session, saml2SubjectOf, type Saml2Subject } from '../data/stores/saml2-sessions';
import { hasIdp, loadIdp, saml2Settings } from './saml2-settings';
import { SAML2_FLOW_TTL_MS, serviceProvider } from './saml2-service-provider';
import { sealedFlowCookie } from './sealed-flow';

/** The subject of an accepted assertion, until the console session it leads to starts. */
interface SigningIn extends Saml2Subject {
  /** The console username the assertion signed in: the subject goes to that user's session only. */
  username: string;
  expires: number;
}

/** The LogoutRequest this browser was sent to the IdP with: the only one a LogoutResponse may answer. */
export interface LogoutFlow {
  requestId: string;
  expires: number;
}

/** The backend name of SAML2 sign-ins in sessions and the login log. */
export const SAML2_BACKEND = 'SAML2';

// The ACS's own request starts the session when no MFA step follows; the cookie carries the subject over
// the MFA step (its page is under /core/auth/ too), sealed and for as long as a sign-in flow lives.
const signingIn = new WeakMap<FastifyRequest, SigningIn>();
const subjectCookie = (ctx: AppContext) =>
  sealedFlowCookie<SigningIn>(ctx, 'saml2_session', '/core/auth/', SAML2_FLOW_TTL_MS);

export const saml2LogoutFlowCookie = (ctx: AppContext) =>
  sealedFlowCookie<LogoutFlow>(ctx, 'saml2_logout', '/core/auth/saml2/', SAML2_FLOW_TTL_MS);

/** Keeps the subject of an accepted assertion for the session the sign-in is about to start. */
export function holdSaml2Subject(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  subject: Saml2Subject & { username: string },
): void {
  const held = { ...subject, expires: Date.now() + SAML2_FLOW_TTL_MS };
  signingIn.set(request, held);
  subjectCookie(ctx).set(reply, held);
}

/**
 * Called by every session start (auth/sign-in-session.ts): a session of a SAML2 sign-in is tied to the
 * IdP's subject and session (docs/auth-radius-saml.md#single-logout), so that the IdP's LogoutRequest can
 * end it and signing out here can name it. Other sign-ins are left alone.
 */
export async function linkSaml2SignIn(
  ctx: AppContext,
  request: FastifyRequest,
  sessionId: string,
  signedIn: { username: string; backend: string },
): Promise<void> {
  if (signedIn.backend !== SAML2_BACKEND) return;
  const held = signingIn.get(request) ?? subjectCookie(ctx).read(request);
  if (!held || held.username !== signedIn.username) return;
  const { issuer, nameID, nameIDFormat, sessionIndex } = held;
  await linkSaml2Session(ctx.db, sessionId, { issuer, nameID, nameIDFormat, sessionIndex });
}

/**
 * The IdP's logout for the session being signed out, when it came from SAML2, SAML2_LOGOUT_COMPLETELY is
 * on and the IdP has a single logout service (docs/auth-radius-saml.md#single-logout): a LogoutRequest
 * (HTTP-Redirect, signed when the SP has a key) naming the subject and session of the sign-in, whose id
 * is kept in a sealed cookie for the LogoutResponse to answer. Null otherwise. Call it before the session
 * is deleted: the subject is read from it.
 */
export async function saml2LogoutUrl(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  subjectCookie(ctx).clear(reply);
  const settings = await saml2Settings(ctx.db, ctx.config);
  if (!settings.enabled || !settings.logoutCompletely || !hasIdp(settings)) return null;
  const sessionId = request.cookies[ctx.cookies.session];
  const subject = sessionId ? await saml2SubjectOf(ctx.db, sessionId) : null;
  if (!subject) return null;
  try {
    const idp = await loadIdp(settings);
    if (idp.sloUrl === '' || idp.entityId !== subject.issuer) return null;
    const flow: LogoutFlow = {
      requestId: `_${crypto.randomBytes(20).toString('hex')}`,
      expires: Date.now() + SAML2_FLOW_TTL_MS,
    };
    const url = await serviceProvider(settings, idp, flow.requestId).getLogoutUrlAsync(
      {
        issuer: subject.issuer,
        nameID: subject.nameID,
        nameIDFormat: subject.nameIDFormat,
        ...(subject.sessionIndex ? { sessionIndex: subject.sessionIndex } : {}),
      },
      '',
      {},
    );
    // The IdP may answer with a cross-site POST (HTTP-POST binding), like the ACS's.
    saml2LogoutFlowCookie(ctx).set(reply, flow, {
      crossSitePost: true,
      https: settings.baseUrl.startsWith('https:'),
    });
    return url;
  } catch (error) {
    request.log.warn(`SAML2 logout: ${String(error)}`);
    return null;
  }
}
