// The small pieces every test-side HTTP party (the CAS server, the OpenID provider, the SAML2 IdP) needs:
// a listener on a free loopback port, a request body read whole, and text escaped for XML and HTML.

/** Listens on 127.0.0.1 on a port the system picks; resolves with the port. */
export const listen = (server) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });

/** The request's body as text. */
export const readBody = (req) =>
  new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

/** `text` safe inside XML or HTML text and attribute values. */
export const escapeXml = (text) =>
  String(text).replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c],
  );
