// A small CAS server on loopback inside the test process: the other party of the console's CAS sign-in
// (docs/auth-sources.md#cas), as the SMTP and OpenID servers are for theirs. It speaks the CAS protocol's
// wire format: `/login?service=…` (a form; POST with `username` issues a service ticket and sends the
// browser back to the service with `ticket=`), `/validate` (v1), `/serviceValidate` (v2) and
// `/p3/serviceValidate` (v3, with attributes). Tickets are single-use and bound to the exact service URL.
//   - `accounts`: username → attributes (v3 answers them as <cas:NAME>); any other name signs in bare.
//   - `signInAtCas(loginUrl, username)`: the form driven over HTTP; returns where the browser is sent back.
//   - `logouts`: the logout visits received (their query strings).
import http from 'node:http';
import crypto from 'node:crypto';
import { escapeXml, listen, readBody } from './loopback-http.mjs';

export async function startCasServer({ accounts = {} } = {}) {
  const tickets = new Map();
  const logouts = [];
  const validations = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://cas.test');
    const service = url.searchParams.get('service') ?? '';
    if (url.pathname === '/login' && req.method === 'GET') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<form method="post"><input type="hidden" name="service" value="${escapeXml(service)}">` +
            `<input name="username"><button>Sign in</button></form>`,
        );
      return;
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const ticket = `ST-${crypto.randomBytes(16).toString('hex')}`;
      tickets.set(ticket, { service: form.get('service') ?? '', username: form.get('username') ?? '' });
      const back = new URL(form.get('service') ?? '');
      back.searchParams.set('ticket', ticket);
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/logout') {
      logouts.push(url.search);
      res.writeHead(200).end('signed out');
      return;
    }
    const version = { '/validate': 1, '/serviceValidate': 2, '/p3/serviceValidate': 3 }[url.pathname];
    if (!version) {
      res.writeHead(404).end();
      return;
    }
    validations.push(version);
    const ticket = url.searchParams.get('ticket') ?? '';
    const issued = tickets.get(ticket);
    tickets.delete(ticket); // single use, whatever the outcome
    const code = !issued ? 'INVALID_TICKET' : issued.service !== service ? 'INVALID_SERVICE' : '';
    if (version === 1) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(code ? 'no\n\n' : `yes\n${issued.username}\n`);
      return;
    }
    const ns = 'xmlns:cas="http://www.yale.edu/tp/cas"';
    if (code) {
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<cas:serviceResponse ${ns}><cas:authenticationFailure code="${code}">` +
            `Ticket ${escapeXml(ticket)} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
        );
      return;
    }
    const attributes = version === 3 ? (accounts[issued.username] ?? {}) : {};
    const attrXml = Object.entries(attributes)
      .map(([name, value]) => `<cas:${name}>${escapeXml(value)}</cas:${name}>`)
      .join('');
    res
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(
        `<cas:serviceResponse ${ns}><cas:authenticationSuccess><cas:user>${escapeXml(issued.username)}</cas:user>` +
          `${attrXml ? `<cas:attributes>${attrXml}</cas:attributes>` : ''}</cas:authenticationSuccess></cas:serviceResponse>`,
      );
  });
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}/cas`;
  // The server answers under /cas as a real one often does: strip it.
  const handler = server.listeners('request')[0];
  server.removeAllListeners('request');
  server.on('request', (req, res) => {
    if (!req.url.startsWith('/cas/')) return void res.writeHead(404).end();
    req.url = req.url.slice('/cas'.length);
    handler(req, res);
  });

  async function signInAtCas(loginUrl, username) {
    const service = new URL(loginUrl).searchParams.get('service') ?? '';
    const answer = await fetch(`${url}/login`, {
      method: 'POST',
      body: new URLSearchParams({ service, username }),
      redirect: 'manual',
    });
    return answer.headers.get('location') ?? '';
  }

  return {
    url,
    logouts,
    validations,
    signInAtCas,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
