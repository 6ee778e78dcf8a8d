import crypto from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { ApiError } from '../http/api-error';
import { UserAccess } from '../rbac/user-permissions';
import { findAccessKey, recordSignatureUse } from '../data/stores/access-keys';
import { findUserById } from '../data/stores/users';
import { apiClientLanguage, credentialMessage } from './credential-messages';
import {
  DIGEST_HEADER,
  ORG_HEADER,
  REQUIRED_SIGNED_HEADERS,
  SIGNATURE_ALGORITHM,
  authorizationScheme,
  decodeCanonicalBase64,
  hmacSignature,
  parseDigestHeader,
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

/** A request carries a body when it declares a non-zero length or a chunked transfer. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** SHA-256 of the body a signed request announced in its signed `Digest`, and of the bytes that came. */
interface BodyCheck {
  expected: Buffer;
  received: Buffer | null;
}

const bodyChecks = new WeakMap<FastifyRequest, BodyCheck>();

/**
 * Authenticates an API request by an access key's HTTP signature
 * (docs/auth.md#access-keys-and-signed-requests). Returns null when the request does not use a key scheme
 * (the session cookie then decides), the key's user when the signature holds, and throws 401 `Invalid
 * signature.` otherwise: a request that names a key scheme never falls back to its cookies.
 *
 * What a signature must cover (docs/security.md "Access keys"): the request target and `Date` always;
 * `Digest` (SHA-256 of the body, checked against the bytes received — see `installSignedBodyCheck`) when
 * there is a body; `X-JMS-ORG` when it is sent. The signature must be canonical base64 and is accepted
 * once: the replay record is keyed on its decoded bytes, so no re-spelling of a used signature passes.
 *
 * Such requests are not session requests, so no csrf token is asked for: a browser cannot be made to send
 * this header cross-site without a CORS preflight, which this server never grants. They act as the key's
 * user, with that user's permissions in the org the request names (`?oid=` or the signed X-JMS-ORG; the
 * org cookie is ignored for them).
 *
 * Only `/api/` is open to keys: pages and websockets stay session-only (docs/auth.md#cookies-and-csrf,
 * docs/site-messages.md#websocket). The client address is never part of the decision, so forwarding headers
 * (X-Forwarded-For …) cannot matter.
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
  // Unsigned, the org header would let a captured request act in another org.
  if (request.headers[ORG_HEADER] !== undefined && !params.headers.includes(ORG_HEADER)) throw invalid();
  // Unsigned, the body of a captured request could be swapped; signed, it must be the body that comes.
  const digestSigned = params.headers.includes(DIGEST_HEADER);
  if (hasBody(request) && !digestSigned) throw invalid();
  const expectedBody = digestSigned ? parseDigestHeader(headerValue(request, DIGEST_HEADER)) : null;
  if (digestSigned && expectedBody === null) throw invalid();
  const presented = decodeCanonicalBase64(params.signature);
  if (presented === null) throw invalid();

  const now = Date.now();
  const dateText = headerValue(request, 'date');
  const date = dateText === undefined ? Number.NaN : Date.parse(dateText);
  if (!Number.isFinite(date) || Math.abs(now - date) > SIGNATURE_WINDOW_MS) throw invalid();

  const text = signingString(params, request.method, request.url, (name) => headerValue(request, name));
  if (text === null || !UUID.test(params.keyId)) throw invalid();
  const key = await findAccessKey(ctx.db, params.keyId.toLowerCase());
  const secret = key?.isActive
    ? openSecret(ctx.config.dataDir, accessKeyBinding(key.id), key.secretSealed)
    : null;
  // An unknown or inactive key still costs one HMAC, so timing tells nothing about which keys exist.
  const expected = hmacSignature(secret ?? crypto.randomUUID(), text);
  if (!key || secret === null || !signaturesMatch(expected, presented)) throw invalid();

  const user = await findUserById(ctx.db, key.userId);
  if (!user || !isUserUsable(user, now)) throw invalid();

  // Accepted once: the same signature bytes (same key, target, Date, body, org) again is a replay.
  const digest = crypto.createHash('sha256').update(`${key.id}\n`).update(presented).digest('hex');
  if (!(await recordSignatureUse(ctx.db, digest, date + SIGNATURE_WINDOW_MS + 1000, now))) throw invalid();

  if (expectedBody !== null) {
    if (hasBody(request)) bodyChecks.set(request, { expected: expectedBody, received: null });
    else if (!expectedBody.equals(crypto.createHash('sha256').digest())) throw invalid();
  }
  return {
    via: 'signature',
    mfaVerifiedAt: null,
    sessionId: null,
    csrfToken: null,
    user,
    access: await UserAccess.load(ctx.db, user.id),
  };
}

/**
 * Checks the body of signed requests against their signed `Digest`: the bytes are hashed as they are read
 * (before any parsing), and the handler runs only when the hash matches. A body the route never reads
 * cannot be vouched for and is refused the same way.
 */
export function installSignedBodyCheck(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const check = bodyChecks.get(request);
    if (!check) return payload;
    const hash = crypto.createHash('sha256');
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
      flush(done) {
        check.received = hash.digest();
        done();
      },
    });
    payload.on('error', (error) => tee.destroy(error));
    return payload.pipe(tee);
  });
  app.addHook('preValidation', async (request, reply) => {
    const check = bodyChecks.get(request);
    if (!check) return;
    const matches =
      check.received !== null &&
      check.received.length === check.expected.length &&
      crypto.timingSafeEqual(check.received, check.expected);
    if (!matches) throw unauthorized(request, reply, 'invalidSignature');
  });
}
