import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { consumeSaml2Request } from '../data/stores/saml2-requests';
import { endSaml2Sessions } from '../data/stores/saml2-sessions';
import type { IdpMetadata } from './saml2-idp-metadata';
import {
  logoutFields,
  LogoutRefused,
  verifyLogoutSignature,
  type LogoutFields,
  type LogoutMessage,
} from './saml2-logout-message';
import { SAML2_FLOW_TTL_MS, serviceProvider } from './saml2-service-provider';
import type { LogoutFlow } from './saml2-session';
import type { Saml2Settings } from './saml2-settings';
import { SAML2_LOGOUT_PATH } from './sso-paths';

const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

/** The checks every logout message shares after its signature: from the IdP, to our logout service. */
function checkAddressing(
  fields: LogoutFields,
  kind: LogoutMessage['kind'],
  settings: Saml2Settings,
  idp: IdpMetadata,
): void {
  if (fields.issuer !== idp.entityId)
    throw new LogoutRefused(`unknown issuer ${fields.issuer}, expected ${idp.entityId}`, kind);
  const ours = `${settings.baseUrl}${SAML2_LOGOUT_PATH}`;
  // A signed message must name its Destination (SAML bindings 3.4.5.2, 3.5.5.2): one for another SP is not ours.
  if (fields.destination !== ours)
    throw new LogoutRefused(
      `the message is for ${fields.destination || '(no Destination)'}, not ${ours}`,
      kind,
    );
}

/**
 * The IdP's answer to our LogoutRequest (docs/auth-radius-saml.md#single-logout): signed by the IdP,
 * issued by it, addressed to us, answering the one request of this browser's logout cookie, once, with
 * status Success. Throws LogoutRefused saying which check failed.
 */
export async function acceptLogoutResponse(
  ctx: AppContext,
  request: FastifyRequest,
  message: LogoutMessage,
  settings: Saml2Settings,
  idp: IdpMetadata,
  flow: LogoutFlow | null,
): Promise<void> {
  if (!flow) throw new LogoutRefused('no sign-out was started here, or it took too long', 'response');
  const sp = serviceProvider(settings, idp, flow.requestId, flow.expires - SAML2_FLOW_TTL_MS);
  await verifyLogoutSignature(sp, request, message);
  const fields = logoutFields(message.xml, 'response');
  checkAddressing(fields, 'response', settings, idp);
  // node-saml checks InResponseTo only when present, and not at all for the POST binding.
  if (fields.inResponseTo !== flow.requestId)
    throw new LogoutRefused(
      `InResponseTo ${fields.inResponseTo || '(none)'} is not the request sent`,
      'response',
    );
  if (fields.status !== SUCCESS) throw new LogoutRefused(`status ${fields.status || '(none)'}`, 'response');
  if (!(await consumeSaml2Request(ctx.db, flow.requestId, flow.expires)))
    throw new LogoutRefused('this response was already used', 'response');
}

/** What an accepted LogoutRequest did, and where its LogoutResponse goes (null: the IdP takes none). */
export interface IdpLogout {
  ended: number;
  responseUrl: string | null;
}

/**
 * A LogoutRequest of the IdP (docs/auth-radius-saml.md#single-logout): signed by the IdP, issued by it,
 * addressed to us, issued at most 10 minutes ago (and not after its NotOnOrAfter), and used once. It
 * ends every console session of that subject — of the SessionIndexes named, when any — in the database;
 * the LogoutResponse says Success, or UnknownPrincipal when no session here came from that subject.
 */
export async function acceptLogoutRequest(
  ctx: AppContext,
  request: FastifyRequest,
  message: LogoutMessage,
  settings: Saml2Settings,
  idp: IdpMetadata,
): Promise<IdpLogout> {
  // Our LogoutResponse goes to the IdP's ResponseLocation (node-saml's `logoutUrl`).
  const responseId = `_${crypto.randomBytes(20).toString('hex')}`;
  const sp = serviceProvider(settings, { ...idp, sloUrl: idp.sloResponseUrl }, responseId);
  const profile = await verifyLogoutSignature(sp, request, message);
  const fields = logoutFields(message.xml, 'request');
  checkAddressing(fields, 'request', settings, idp);
  if (!profile?.nameID || fields.nameIDs.length !== 1)
    throw new LogoutRefused('the request names no single subject');
  if (fields.id === '') throw new LogoutRefused('the request has no ID');
  const skewMs = (settings.advanced.clockSkewSeconds ?? 0) * 1000;
  const issued = Date.parse(fields.issueInstant);
  const now = Date.now();
  if (Number.isNaN(issued)) throw new LogoutRefused('the request has no IssueInstant');
  if (issued > now + skewMs) throw new LogoutRefused('the request is issued in the future');
  const usableUntil = issued + SAML2_FLOW_TTL_MS + skewMs;
  if (usableUntil < now) throw new LogoutRefused('the request is older than 10 minutes');
  // Once: recorded until it would be too old anyway, on every instance of the database.
  if (!(await consumeSaml2Request(ctx.db, `idp-logout ${fields.issuer} ${fields.id}`, usableUntil)))
    throw new LogoutRefused('this request was already used');
  const ended = await endSaml2Sessions(ctx.db, fields.issuer, profile.nameID, fields.sessionIndexes);
  const responseUrl =
    idp.sloResponseUrl === ''
      ? null
      : await sp.getLogoutResponseUrlAsync(profile, message.relayState, {}, ended > 0);
  return { ended, responseUrl };
}
