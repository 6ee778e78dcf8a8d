import crypto from 'node:crypto';

/**
 * The draft-cavage "HTTP Signatures" scheme as JumpServer's clients use it (httpsig,
 * docs/auth.md#access-keys-and-signed-requests):
 *
 *   Authorization: Signature keyId="<id>",algorithm="hmac-sha256",headers="(request-target) date",signature="<b64>"
 *
 * The signing string is one `name: value` line per listed header, joined by "\n"; `(request-target)` is
 * `<method in lower case> <path and query as sent>`. Pure functions only: signature-auth.ts applies them.
 */
export interface SignatureParams {
  keyId: string;
  algorithm: string;
  /** Lower-cased header names in signing order. */
  headers: string[];
  /** base64 */
  signature: string;
}

export const SIGNATURE_ALGORITHM = 'hmac-sha256';
export const REQUEST_TARGET = '(request-target)';
/** Headers every signature must cover: without them a signature could be moved to another URL or replayed later. */
export const REQUIRED_SIGNED_HEADERS: readonly string[] = [REQUEST_TARGET, 'date'];
/** Signed as well when the request has a body: the body's SHA-256 (`bodyDigestHeader`). */
export const DIGEST_HEADER = 'digest';
/** Signed as well when the request names an organization by header. */
export const ORG_HEADER = 'x-jms-org';

const MAX_HEADER_LENGTH = 4096;
const PARAM = /\s*([A-Za-z]+)\s*=\s*"([^"]*)"\s*(,|$)/y;

/** The scheme name of an Authorization header, lower-cased (`signature`, `sign`, `bearer`, …). */
export function authorizationScheme(value: string): string {
  return (/^\s*([A-Za-z0-9_-]+)/.exec(value)?.[1] ?? '').toLowerCase();
}

/** The parameters of a `Signature …` Authorization value, or null when malformed. */
export function parseSignatureHeader(value: string): SignatureParams | null {
  if (value.length > MAX_HEADER_LENGTH) return null;
  const match = /^\s*signature\s+/i.exec(value);
  if (!match) return null;
  const rest = value.slice(match[0].length);
  const params = new Map<string, string>();
  PARAM.lastIndex = 0;
  while (PARAM.lastIndex < rest.length) {
    const start = PARAM.lastIndex;
    const found = PARAM.exec(rest);
    if (!found || found.index !== start) return null;
    const name = found[1]!.toLowerCase();
    if (params.has(name)) return null;
    params.set(name, found[2]!);
    if (found[3] === '') break;
  }
  if (PARAM.lastIndex < rest.length && rest.slice(PARAM.lastIndex).trim() !== '') return null;
  const keyId = params.get('keyid');
  const signature = params.get('signature');
  if (!keyId || !signature) return null;
  // Per the draft, a missing `headers` means just `date`; the caller then refuses it for lacking the target.
  const headers = (params.get('headers') ?? 'date')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((name) => name !== '');
  return { keyId, algorithm: (params.get('algorithm') ?? '').toLowerCase(), headers, signature };
}

/**
 * The string the client signed, or null when a listed header is missing from the request.
 * `headerValue` returns the request's value of a (lower-case) header, or undefined.
 */
export function signingString(
  params: Pick<SignatureParams, 'headers'>,
  method: string,
  target: string,
  headerValue: (name: string) => string | undefined,
): string | null {
  const lines: string[] = [];
  for (const name of params.headers) {
    if (name === REQUEST_TARGET) {
      lines.push(`${REQUEST_TARGET}: ${method.toLowerCase()} ${target}`);
      continue;
    }
    const value = headerValue(name);
    if (value === undefined) return null;
    lines.push(`${name}: ${value.trim()}`);
  }
  return lines.join('\n');
}

/** base64 HMAC-SHA256 of the signing string with the key's secret (what a client puts in `signature`). */
export function hmacSignature(secret: string, text: string): string {
  return crypto.createHmac('sha256', secret).update(text, 'utf8').digest('base64');
}

/** Bytes of an HMAC-SHA256 or a SHA-256 digest. */
const DIGEST_BYTES = 32;

/**
 * The bytes of a base64 value written the one canonical way (standard alphabet, `=` padding, no white
 * space, unused bits zero), else null. Node's decoder is lenient — it skips white space, accepts the
 * URL-safe alphabet, missing or extra padding and stray bits — so a used signature could be re-spelt into
 * text never seen before: only the round trip decides.
 */
export function decodeCanonicalBase64(text: string, bytes: number = DIGEST_BYTES): Buffer | null {
  if (text.length !== Math.ceil(bytes / 3) * 4) return null;
  const decoded = Buffer.from(text, 'base64');
  return decoded.length === bytes && decoded.toString('base64') === text ? decoded : null;
}

/** Constant-time comparison of the expected signature with the presented (canonical) bytes. */
export function signaturesMatch(expectedBase64: string, presented: Buffer): boolean {
  const expected = Buffer.from(expectedBase64, 'base64');
  // A length mismatch leaks only the length of an HMAC-SHA256, which is public.
  return expected.length === presented.length && crypto.timingSafeEqual(expected, presented);
}

/** The `Digest` header value of a body (RFC 3230, as httpsig clients send it): `SHA-256=<base64>`. */
export function bodyDigestHeader(body: Buffer | string): string {
  return `SHA-256=${crypto.createHash('sha256').update(body).digest('base64')}`;
}

/** The SHA-256 bytes a `Digest` header names: exactly one `SHA-256=` entry in canonical base64, else null. */
export function parseDigestHeader(value: string | undefined): Buffer | null {
  const match = /^sha-256=(.*)$/i.exec(value?.trim() ?? '');
  return match ? decodeCanonicalBase64(match[1] ?? '') : null;
}

/**
 * The headers a client sends for this request (tests, tooling): `authorization`, `date`, and for a body
 * `digest` (signed too), besides any `extra` headers named in `headers`.
 */
export function signRequest(input: {
  keyId: string;
  secret: string;
  method: string;
  target: string;
  date: string;
  body?: Buffer | string;
  headers?: readonly string[];
  extra?: Readonly<Record<string, string>>;
}): Record<string, string> {
  const headers = [...(input.headers ?? REQUIRED_SIGNED_HEADERS)];
  const values: Record<string, string> = { date: input.date, ...input.extra };
  if (input.body !== undefined) {
    values[DIGEST_HEADER] = bodyDigestHeader(input.body);
    if (!headers.includes(DIGEST_HEADER)) headers.push(DIGEST_HEADER);
  }
  const text = signingString({ headers }, input.method, input.target, (name) => values[name]) ?? '';
  const signature = hmacSignature(input.secret, text);
  return {
    ...values,
    authorization: `Signature keyId="${input.keyId}",algorithm="${SIGNATURE_ALGORITHM}",headers="${headers.join(' ')}",signature="${signature}"`,
  };
}
