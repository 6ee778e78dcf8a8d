// A terminal component as the server sees it: registered with the bootstrap token, then every call signed
// with its access key (draft-cavage HTTP Signature with a Digest of the body), as KoKo's httpsig client does.
import crypto from 'node:crypto';

export interface Registration {
  id: string;
  name: string;
  service_account: { id: string; name: string; access_key: { id: string; secret: string } };
}

export interface Signed<T = unknown> {
  status: number;
  body: T;
  bytes: Buffer;
  headers: Headers;
}

export async function registerComponent(
  baseUrl: string,
  token: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: Registration }> {
  const response = await fetch(`${baseUrl}/api/v1/terminal/terminal-registrations/`, {
    method: 'POST',
    headers: { authorization: `BootstrapToken ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Registration };
}

export class ComponentClient {
  /** What the last request signed: the server accepts a signature once (docs/auth.md#access-keys-and-signed-requests). */
  private lastSigned = '';

  constructor(
    readonly baseUrl: string,
    readonly key: { id: string; secret: string },
  ) {}

  static of(baseUrl: string, registration: Registration): ComponentClient {
    return new ComponentClient(baseUrl, registration.service_account.access_key);
  }

  /** A signed request; `org` travels in a signed X-JMS-ORG. A FormData body goes as multipart. */
  async call<T = unknown>(
    method: string,
    target: string,
    options: { body?: unknown; form?: FormData; org?: string } = {},
  ): Promise<Signed<T>> {
    let date = new Date().toUTCString();
    // The same request twice within one second of `Date` would sign the same bytes, which the server refuses
    // as a replay: a real component waits for the next second, and so does this one.
    const requestKey = (at: string) => `${method} ${target} ${at} ${options.org ?? ''}`;
    while (requestKey(date) === this.lastSigned) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      date = new Date().toUTCString();
    }
    this.lastSigned = requestKey(date);
    const headers: Record<string, string> = { date };
    let payload: Buffer | undefined;
    if (options.form) {
      const encoded = new Response(options.form);
      headers['content-type'] = encoded.headers.get('content-type') ?? '';
      payload = Buffer.from(await encoded.arrayBuffer());
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = Buffer.from(JSON.stringify(options.body));
    }
    const signed = ['(request-target)', 'date'];
    if (payload) {
      headers.digest = `SHA-256=${crypto.createHash('sha256').update(payload).digest('base64')}`;
      signed.push('digest');
    }
    if (options.org) {
      headers['x-jms-org'] = options.org;
      signed.push('x-jms-org');
    }
    const lines = signed.map((name) =>
      name === '(request-target)'
        ? `(request-target): ${method.toLowerCase()} ${target}`
        : `${name}: ${headers[name]}`,
    );
    const mac = crypto.createHmac('sha256', this.key.secret).update(lines.join('\n')).digest('base64');
    headers.authorization = `Signature keyId="${this.key.id}",algorithm="hmac-sha256",headers="${signed.join(' ')}",signature="${mac}"`;
    const response = await fetch(this.baseUrl + target, {
      method,
      headers,
      body: payload ? new Uint8Array(payload) : undefined,
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON (a replay file)
    }
    return { status: response.status, body: body as T, bytes, headers: response.headers };
  }
}

/** A small asciicast v2 recording: a header and `events` output lines, half a second apart. */
export function asciicast(events: readonly string[]): string {
  const header = { version: 2, width: 80, height: 24, timestamp: 1_700_000_000, env: { TERM: 'xterm' } };
  return [
    JSON.stringify(header),
    ...events.map((text, index) => JSON.stringify([index * 0.5, 'o', text])),
  ].join('\n');
}
