// Helpers of the tests with several server processes on one database (two instances on PostgreSQL, two
// workers on one SQLite file): one browser pointed at another instance, a WebSocket opened as that browser.
import WebSocket from 'ws';
import { Client } from './harness';

/** The same signed-in browser, pointed at another instance. */
export function sameBrowserOn(client: Client, baseUrl: string): Client {
  const other = new Client(baseUrl);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/** A socket opened on `baseUrl` with the browser's cookies; `frames` collects what it receives, parsed. */
export function socketOn(
  baseUrl: string,
  client: Client,
  socketPath: string,
): Promise<{ ws: WebSocket; frames: Array<Record<string, unknown>> }> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}${socketPath}`, {
    headers: { cookie: client.cookieHeader(), origin: baseUrl },
  });
  const frames: Array<Record<string, unknown>> = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, frames }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
    ws.on('error', reject);
  });
}
