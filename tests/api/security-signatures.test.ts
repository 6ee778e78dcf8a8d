// Issue 16 item 4: access-key replay. The one-use rule keyed on the signature's text while verification
// compared decoded bytes, so re-spellings of a used signature passed again; and neither the body nor
// X-JMS-ORG was signed, so a captured write could be replayed with other bodies. Each is refused here
// (auth/signature-auth.ts, docs/security.md "Access keys").
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { DEFAULT_ORG, call, createOrg } from './identity-helpers';

const KEYS = '/api/v1/authentication/access-keys/';
const PROFILE = '/api/v1/users/profile/';
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

let server: TestServer;
let owner: Client;
let key: { id: string; secret: string };
let otherKey = '';
let serial = 0;

interface Request {
  method: string;
  target: string;
  date: string;
  headers: Record<string, string>;
  /** Signed header names, in order. */
  signed: string[];
  body?: string;
}

/** An independent client-side signer (what httpsig sends), with a Digest for a body. */
function sign(request: Request): string {
  const values: Record<string, string> = { date: request.date, ...request.headers };
  const text = request.signed
    .map((name) =>
      name === '(request-target)'
        ? `(request-target): ${request.method.toLowerCase()} ${request.target}`
        : `${name}: ${values[name] ?? ''}`,
    )
    .join('\n');
  return crypto.createHmac('sha256', key.secret).update(text).digest('base64');
}

const digestOf = (body: string) => `SHA-256=${crypto.createHash('sha256').update(body).digest('base64')}`;

/** A fresh request: a unique target, the Date now, a Digest when it has a body. */
function prepare(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Request {
  serial += 1;
  const target = `${path}?n=${serial}`;
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...extra };
  const signed = ['(request-target)', 'date', ...Object.keys(extra)];
  if (text !== undefined) {
    headers.digest = digestOf(text);
    signed.push('digest');
  }
  return { method, target, date: new Date().toUTCString(), headers, signed, body: text };
}

function authorization(request: Request, signature: string): string {
  return `Signature keyId="${key.id}",algorithm="hmac-sha256",headers="${request.signed.join(' ')}",signature="${signature}"`;
}

async function send(
  request: Request,
  signature: string,
  overrides: { body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown }> {
  const body = overrides.body ?? request.body;
  const headers: Record<string, string> = {
    date: request.date,
    authorization: authorization(request, signature),
    ...request.headers,
    ...overrides.headers,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.baseUrl + request.target, { method: request.method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

const isActive = async (id: string): Promise<boolean> =>
  (await call<{ is_active: boolean }>(owner, 'GET', `${KEYS}${id}/`)).body.is_active;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'scripter', email: 'scripter@x.test', password: 'Scripter-pass-1' });
  owner = new Client(server.baseUrl);
  await owner.login('scripter', 'Scripter-pass-1');
  key = (await call<{ id: string; secret: string }>(owner, 'POST', KEYS)).body;
  otherKey = (await call<{ id: string }>(owner, 'POST', KEYS)).body.id;
});

afterAll(async () => {
  await server.close();
});

describe('a used signature, re-spelt', () => {
  it('is refused in every spelling that decodes to the same bytes', async () => {
    // A signature with both "+" and "/", so that the URL-safe spelling differs from it.
    let request = prepare('GET', PROFILE);
    let signature = sign(request);
    while (!signature.includes('+') || !signature.includes('/')) {
      request = prepare('GET', PROFILE);
      signature = sign(request);
    }
    expect((await send(request, signature)).status).toBe(200);
    const last = BASE64.indexOf(signature[42] ?? 'A');
    const respellings: Record<string, string> = {
      'the same text': signature,
      'padding removed': signature.replace(/=+$/, ''),
      'padding doubled': `${signature}=`,
      'leading space': ` ${signature}`,
      'inner space': `${signature.slice(0, 22)} ${signature.slice(22)}`,
      'trailing spaces': `${signature}  `,
      'URL-safe alphabet': signature.replace(/\+/g, '-').replace(/\//g, '_'),
      'URL-safe without padding': signature.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
      // 43 characters carry 258 bits for 256: the last one has two bits nobody reads.
      'unused bits set': `${signature.slice(0, 42)}${BASE64[last ^ 1]}=`,
      'other unused bits set': `${signature.slice(0, 42)}${BASE64[last ^ 3]}=`,
    };
    for (const [name, spelling] of Object.entries(respellings)) {
      // Meaningful only because these are the very bytes that were accepted …
      expect(Buffer.from(spelling, 'base64').equals(Buffer.from(signature, 'base64')), name).toBe(true);
      // … and none of them is accepted again.
      const answer = await send(request, spelling);
      expect(answer.status, name).toBe(401);
      expect(answer.body).toEqual({ detail: 'Invalid signature.', code: 'authentication_failed' });
    }
  });

  it('is refused even when its first use was a re-spelling', async () => {
    const request = prepare('GET', PROFILE);
    const signature = sign(request);
    // Non-canonical spellings are refused outright, never recorded as "used" in their own right.
    expect((await send(request, signature.replace(/=+$/, ''))).status).toBe(401);
    expect((await send(request, signature)).status).toBe(200);
    expect((await send(request, signature)).status).toBe(401);
  });
});

describe('bodies are signed', () => {
  it('a captured signed write cannot carry another body, before or after its own use', async () => {
    const request = prepare('PATCH', `${KEYS}${otherKey}/`, { is_active: true });
    const signature = sign(request);
    const swapped = JSON.stringify({ is_active: false });
    // Sent first with another body (an attacker in front of the client): refused, nothing changed.
    const before = await send(request, signature, { body: swapped });
    expect(before.status).toBe(401);
    expect(await isActive(otherKey)).toBe(true);
    // Replays with other bodies, once the original was used: refused, nothing changed.
    const fresh = prepare('PATCH', `${KEYS}${otherKey}/`, { is_active: true });
    const freshSignature = sign(fresh);
    expect((await send(fresh, freshSignature)).status).toBe(200);
    for (const body of [swapped, JSON.stringify({ is_active: false, x: 1 }), '{"is_active":false}  ']) {
      expect((await send(fresh, freshSignature, { body })).status).toBe(401);
      // Even with a Digest that matches the new body: the signature covered the old one.
      expect((await send(fresh, freshSignature, { body, headers: { digest: digestOf(body) } })).status).toBe(
        401,
      );
    }
    expect(await isActive(otherKey)).toBe(true);
  });

  it('a request with a body needs a signed, matching, well-formed Digest', async () => {
    const body = JSON.stringify({ is_active: false });
    const unsigned = prepare('PATCH', `${KEYS}${otherKey}/`);
    unsigned.body = body;
    expect((await send(unsigned, sign(unsigned))).status).toBe(401);
    // Digest sent but not signed.
    const notSigned = prepare('PATCH', `${KEYS}${otherKey}/`);
    notSigned.body = body;
    expect((await send(notSigned, sign(notSigned), { headers: { digest: digestOf(body) } })).status).toBe(
      401,
    );
    for (const digest of [
      `SHA-512=${crypto.createHash('sha512').update(body).digest('base64')}`,
      digestOf(body).replace(/=$/, ''),
      `${digestOf(body)},MD5=x`,
      'SHA-256=',
    ]) {
      const malformed = prepare('PATCH', `${KEYS}${otherKey}/`, { is_active: false });
      malformed.headers.digest = digest;
      expect((await send(malformed, sign(malformed))).status, digest).toBe(401);
    }
    expect(await isActive(otherKey)).toBe(true);
    // The same write, signed properly, passes.
    const proper = prepare('PATCH', `${KEYS}${otherKey}/`, { is_active: false });
    expect((await send(proper, sign(proper))).status).toBe(200);
    expect(await isActive(otherKey)).toBe(false);
  });
});

describe('the organization is signed', () => {
  it('X-JMS-ORG must be among the signed headers when sent, and the org cookie is ignored', async () => {
    const orgOwner = new Client(server.baseUrl);
    await orgOwner.login('admin', 'Admin-Pass-123!');
    const other = await createOrg(orgOwner, 'Signed org');
    const unsigned = prepare('GET', PROFILE);
    expect((await send(unsigned, sign(unsigned), { headers: { 'x-jms-org': DEFAULT_ORG } })).status).toBe(
      401,
    );
    // Moved to another org after signing: the signature no longer matches.
    const signed = prepare('GET', PROFILE, undefined, { 'x-jms-org': DEFAULT_ORG });
    const signature = sign(signed);
    expect((await send(signed, signature, { headers: { 'x-jms-org': other } })).status).toBe(401);
    const fresh = prepare('GET', PROFILE, undefined, { 'x-jms-org': DEFAULT_ORG });
    expect((await send(fresh, sign(fresh))).status).toBe(200);
    // A cookie naming an org the user is not in would be refused for a session; a signed request
    // ignores it (the org is what the signature covers).
    const cookie = prepare('GET', PROFILE);
    const answer = await send(cookie, sign(cookie), { headers: { cookie: `X-JMS-ORG=${other}` } });
    expect(answer.status).toBe(200);
    owner.cookies.set('X-JMS-ORG', other);
    try {
      expect((await call(owner, 'GET', PROFILE)).status).toBe(403);
    } finally {
      owner.cookies.delete('X-JMS-ORG');
    }
  });
});
