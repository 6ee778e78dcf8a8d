import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { ApiError } from '../http/api-error';
import { UserAccess } from '../rbac/user-permissions';
import { findAccessKey, recordSignatureUse } from '../storage/access-keys';
import { findUserById } from '../storage/users';
import { apiClientLanguage, credentialMessage } from './credential-messages';
import {
  REQUIRED_SIGNED_HEADERS,
  SIGNATURE_ALGORITHM,
  authorizationScheme,
  hmacSignature,
  parseSignatureHeader,
  signaturesMatch,
  signingString,
} from './http-signature';
import { openSecret } from './secret-box';
import { isUserUsable, type AuthContext } from './session-auth';

/**
 * How far the signed `Date` may be from the server's clock, either way. A signature is accepted once: its
 * digest is remembered (in the database, so a restart does not reopen the window) until the Date leaves
 * this window, after which the Date check refuses it anyway.
 */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The binding of a sealed access-key secret (secret-box.ts): kind and key id. */
export const accessKeyBinding = (id: string): string => `access-key:${id}`;

function unauthorized(
  request: FastifyRequest,
  reply: FastifyReply,
  key: 'invalidSignature' | 'signSchemeRefused',
) {
  reply.header('www-authenticate', `Signature realm="api",headers="${REQUIRED_SIGNED_HEADERS.join(' ')}"`);
  return new ApiError(401, credentialMessage(key, apiClientLanguage(request)), 'authentication_failed');
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Authenticates an API request by an access key's HTTP signature (contract §1.5). Returns null when the
 * request does not use a key scheme (the session cookie then decides), the key's user when the signature
 * holds, and throws 401 `Invalid signature.` otherwise: a request that names a key scheme never falls back
 * to its cookies.
 *
 * Such requests are not session requests, so no csrf token is asked for: a browser cannot be made to send
 * this header cross-site without a CORS preflight, which this server never grants. They act as the key's
 * user, with that user's permissions in the org the request names (X-JMS-ORG, as for sessions).
 *
 * Only `/api/` is open to keys: pages and websockets stay session-only (contract §1.1, §8.2). The client
 * address is never part of the decision, so forwarding headers (X-Forwarded-For …) cannot matter.
 */
export async function authenticateSignature(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AuthContext | null> {
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || !request.url.startsWith('/api/')) return null;
  const scheme = authorizationScheme(authorization);
  // The legacy `Sign <keyId>:<base64(md5 hex)>` scheme of v2.21 is refused on purpose (design
  // finding 10): MD5 over only secret + Date, no request target (a signature works for any URL and
  // method) and no replay protection for 15 minutes. Refused outright, so a client notices at once.
  if (scheme === 'sign') throw unauthorized(request, reply, 'signSchemeRefused');
  if (scheme !== 'signature') return null;

  const invalid = () => unauthorized(request, reply, 'invalidSignature');
  const params = parseSignatureHeader(authorization);
  if (!params || params.algorithm !== SIGNATURE_ALGORITHM) throw invalid();
  if (!REQUIRED_SIGNED_HEADERS.every((name) => params.headers.includes(name))) throw invalid();

  const now = Date.now();
  const dateText = headerValue(request, 'date');
  const date = dateText === undefined ? Number.NaN : Date.parse(dateText);
  if (!Number.isFinite(date) || Math.abs(now - date) > SIGNATURE_WINDOW_MS) throw invalid();

  const text = signingString(params, request.method, request.url, (name) => headerValue(request, name));
  if (text === null || !UUID.test(params.keyId)) throw invalid();
  const key = findAccessKey(ctx.db, params.keyId.toLowerCase());
  const secret = key?.isActive
    ? openSecret(ctx.config.dataDir, accessKeyBinding(key.id), key.secretSealed)
    : null;
  // An unknown or inactive key still costs one HMAC, so timing tells nothing about which keys exist.
  const expected = hmacSignature(secret ?? crypto.randomUUID(), text);
  if (!key || secret === null || !signaturesMatch(expected, params.signature)) throw invalid();

  const user = await findUserById(ctx.db, key.userId);
  if (!user || !isUserUsable(user, now)) throw invalid();

  // Accepted once: the same signature (same key, target and Date) again is a replay.
  const digest = crypto.createHash('sha256').update(`${key.id}\n${params.signature}`).digest('hex');
  if (!recordSignatureUse(ctx.db, digest, date + SIGNATURE_WINDOW_MS + 1000, now)) throw invalid();

  return {
    via: 'signature',
    sessionId: null,
    csrfToken: null,
    user,
    access: await UserAccess.load(ctx.db, user.id),
  };
}
