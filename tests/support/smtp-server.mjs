// A real SMTP server on loopback inside the test process (npm smtp-server), keeping every message it accepts
// (parsed with mailparser) for the tests to read. The product talks plain SMTP to it, as to any mail server:
//   - `auth`: AUTH PLAIN/LOGIN with one account is required before MAIL FROM;
//   - `tls: 'ssl'`: TLS from the first byte (port 465 style); `tls: 'starttls'`: plain, STARTTLS offered;
//     `tls: 'none'`: no TLS at all. The certificate is a throw-away one made for the run.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { throwAwayCertificate } from './test-certificate.mjs';
import { WAIT_MS } from './wait.mjs';

let certificate = null;

/**
 * Starts a server on 127.0.0.1 (a free port). Returns `{ port, messages, waitForMessage(predicate),
 * clear(), close() }`; each message is `{ from, to: string[], subject, text, html, envelope }`.
 */
export async function startSmtpServer({ auth = null, tls = 'starttls' } = {}) {
  certificate ??= throwAwayCertificate();
  const messages = [];
  const server = new SMTPServer({
    secure: tls === 'ssl',
    key: certificate.key,
    cert: certificate.cert,
    hideSTARTTLS: tls !== 'starttls',
    disabledCommands: auth ? [] : ['AUTH'],
    authOptional: !auth,
    // Plain-text AUTH without TLS is allowed, as on a relay inside a private network.
    allowInsecureAuth: true,
    logger: false,
    onAuth(session, _conn, callback) {
      if (auth && session.username === auth.user && session.password === auth.pass)
        return callback(null, { user: session.username });
      const error = new Error('Authentication credentials invalid');
      error.responseCode = 535;
      return callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push({
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            envelope: session.envelope,
          });
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  server.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = server.server.address().port;
  return {
    port,
    messages,
    /** The throw-away certificate (PEM) the TLS variants present: what a client must trust. */
    certificate: certificate.cert,
    /** The first kept message that `predicate` accepts, waiting for it to arrive. */
    async waitForMessage(predicate = () => true) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no such mail arrived');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    clear() {
      messages.length = 0;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
