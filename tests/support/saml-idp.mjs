// A small SAML2 identity provider on loopback inside the test process: the other party of the console's
// SAML2 sign-in (docs/auth-radius-saml.md#saml2), never part of the product. It signs with xml-crypto (the
// XML signature library node-saml itself verifies with) and speaks the wire format: metadata at
// `/metadata`, AuthnRequests by HTTP-Redirect at `/sso` (a form asking for a username; its POST answers
// with the usual self-submitting form that posts the SAMLResponse to the SP), single logout at `/slo`.
//   - `accounts`: username → attributes sent in the assertion; any other name signs in bare.
//   - `readAuthnRequest(url)`: the id, ACS URL and issuer of a redirect-binding AuthnRequest.
//   - `responseFor(request, options)`: a base64 SAMLResponse, well formed by default; the options make the
//     bad ones the tests need (unsigned, signed by another key, wrapped, other audience, expired, …).
//   - `keys`: throw-away PEM key pairs (tests/support/test-certificate.mjs): `idp`, `other` (a stranger's),
//     `sp`, `sp2`.
//   - single logout (docs/auth-radius-saml.md#single-logout): `/slo` keeps each LogoutRequest the SP sends
//     (`logouts`) and, once `spLogoutUrl` is set, answers it like an IdP (a signed LogoutResponse by
//     HTTP-Redirect); LogoutResponses the SP sends back are kept in `logoutResponses`.
//     `logoutResponseFor(requestXml, options)` and `logoutRequestFor(options)` make the messages — good by
//     default, bad on demand — as `{ url }` (HTTP-Redirect, query-signed) or `{ form }` (HTTP-POST,
//     XML-signed); `sessionIndexes[username]` lists the SessionIndexes the IdP gave at sign-in;
//     `redirectSignedBy(url, cert)` checks a redirect message's query signature.
import http from 'node:http';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { escapeXml, listen, readBody } from './loopback-http.mjs';
import { throwAwayCertificate } from './test-certificate.mjs';

const certBody = (pem) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
const id = () => `_${crypto.randomBytes(16).toString('hex')}`;
const iso = (ms) => new Date(ms).toISOString();

/** `xml` with its root `elementName` signed (enveloped, exclusive c14n, RSA-SHA256), the signature after its Issuer. */
function sign(xml, elementName, { key, cert }) {
  const signer = new SignedXml({
    privateKey: key,
    publicCert: cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: `/*[local-name(.)='${elementName}']`,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    location: { reference: `/*[local-name(.)='${elementName}']/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

export async function startSamlIdp({ accounts = {} } = {}) {
  const keys = {
    idp: throwAwayCertificate(),
    other: throwAwayCertificate(),
    sp: throwAwayCertificate(),
    sp2: throwAwayCertificate(),
  };
  const logouts = [];
  const logoutResponses = [];
  const sessionIndexes = {};
  const state = { spLogoutUrl: '' };
  let url = '';

  const metadata = () => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${url}/metadata">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certBody(keys.idp.cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${url}/slo"/>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${url}/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  /** The AuthnRequest of a redirect-binding URL: its id, ACS URL and issuer. */
  function readAuthnRequest(location) {
    const request = new URL(location).searchParams.get('SAMLRequest') ?? '';
    const xml = zlib.inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
    const attr = (name) => xml.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1] ?? '';
    return {
      id: attr('ID'),
      acsUrl: attr('AssertionConsumerServiceURL'),
      issuer: xml.match(/<(?:\w+:)?Issuer[^>]*>([^<]*)</)?.[1] ?? '',
      xml,
    };
  }

  function assertionXml(request, username, o, assertionId = id()) {
    const now = Date.now();
    const until = iso(o.expired ? now - 60_000 : now + 5 * 60_000);
    const inResponseTo = o.inResponseTo === undefined ? request.id : o.inResponseTo;
    const irt = inResponseTo ? ` InResponseTo="${escapeXml(inResponseTo)}"` : '';
    const attributes = Object.entries(o.attributes ?? accounts[username] ?? {})
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${escapeXml(name)}"><saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('');
    const sessionIndex = id();
    (sessionIndexes[username] ??= []).push(sessionIndex);
    return `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${escapeXml(o.issuer ?? `${url}/metadata`)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${escapeXml(username)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${until}" Recipient="${escapeXml(o.recipient ?? request.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(now - 10_000 - (o.expired ? 600_000 : 0))}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escapeXml(o.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${sessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : ''}</saml:Assertion>`;
  }

  /**
   * A SAMLResponse (base64) answering `request` for `username`. Options: `sign` 'assertion' (default) |
   * 'none'; `signer` a key pair (default the IdP's); `wrap` 'sibling' | 'advice' — an unsigned assertion
   * for `username` around or beside a validly signed one for `wrap.as`; `audience`, `destination`,
   * `recipient`, `issuer`, `inResponseTo` (null: unsolicited); `expired`; `attributes`.
   */
  function responseFor(request, username, o = {}) {
    const now = Date.now();
    const signer = o.signer ?? keys.idp;
    let assertion = assertionXml(request, username, o);
    if (o.sign !== 'none') assertion = sign(assertion, 'Assertion', signer);
    if (o.wrap) {
      // The signature wrapping attack: a genuine signed assertion for `o.wrap.as` (someone the attacker
      // is) kept in the document so the signature still verifies, and a forged one for `username`.
      const genuine = sign(assertionXml(request, o.wrap.as, {}), 'Assertion', keys.idp);
      const forged = assertionXml(request, username, o);
      assertion =
        o.wrap.kind === 'sibling'
          ? `${forged}${genuine}`
          : forged.replace('</saml:Subject>', `</saml:Subject><saml:Advice>${genuine}</saml:Advice>`);
    }
    const irt = (o.inResponseTo === undefined ? request.id : o.inResponseTo)
      ? ` InResponseTo="${escapeXml(o.inResponseTo ?? request.id)}"`
      : '';
    const xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${escapeXml(o.destination ?? request.acsUrl)}"${irt}><saml:Issuer>${escapeXml(o.issuer ?? `${url}/metadata`)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    return Buffer.from(xml, 'utf8').toString('base64');
  }

  /** A redirect-binding URL to `target` carrying `param` (deflated `xml`), query-signed unless `sign` is false. */
  function redirectMessage(target, param, xml, o) {
    const signer = o.signer ?? keys.idp;
    let query = `${param}=${encodeURIComponent(zlib.deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64'))}`;
    if (o.relayState) query += `&RelayState=${encodeURIComponent(o.relayState)}`;
    if (o.sign !== false) {
      query += `&SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}`;
      const signature = crypto.sign('sha256', Buffer.from(query, 'utf8'), signer.key).toString('base64');
      query += `&Signature=${encodeURIComponent(signature)}`;
    }
    return { url: `${target}${target.includes('?') ? '&' : '?'}${query}` };
  }

  /** A POST-binding form body carrying `param` (base64 `xml`), XML-signed unless `sign` is false. */
  function postMessage(param, rootName, xml, o) {
    const signed = o.sign === false ? xml : sign(xml, rootName, o.signer ?? keys.idp);
    const form = { [param]: Buffer.from(signed, 'utf8').toString('base64') };
    if (o.relayState) form.RelayState = o.relayState;
    return { form };
  }

  const destinationOf = (xml) => xml.match(/\bDestination="([^"]*)"/)?.[1] ?? '';

  /**
   * The IdP's LogoutResponse to the SP's LogoutRequest `requestXml`. Options: `binding` 'redirect'
   * (default) | 'post'; `sign` false; `signer`; `issuer`; `destination` (default the request's issuer's
   * logout service, `spLogoutUrl`); `inResponseTo` (default the request's ID); `status` (default Success).
   */
  function logoutResponseFor(requestXml, o = {}) {
    const requestId = requestXml.match(/\bID="([^"]*)"/)?.[1] ?? '';
    const destination = o.destination ?? state.spLogoutUrl;
    const status = o.status ?? 'urn:oasis:names:tc:SAML:2.0:status:Success';
    const xml = `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(Date.now())}" Destination="${escapeXml(destination)}" InResponseTo="${escapeXml(o.inResponseTo ?? requestId)}"><saml:Issuer>${escapeXml(o.issuer ?? `${url}/metadata`)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${escapeXml(status)}"/></samlp:Status></samlp:LogoutResponse>`;
    return o.binding === 'post'
      ? postMessage('SAMLResponse', 'LogoutResponse', xml, o)
      : redirectMessage(state.spLogoutUrl, 'SAMLResponse', xml, o);
  }

  /**
   * An IdP-initiated LogoutRequest for `nameID` to the SP's logout service (`spLogoutUrl`). Options:
   * `binding`, `sign`, `signer`, `issuer`, `destination`, `sessionIndex` (omitted when not given),
   * `issuedAgoMs` (default 0), `notOnOrAfterMs` (relative to now; default +5 minutes), `relayState`.
   */
  function logoutRequestFor(o) {
    const now = Date.now();
    const issued = iso(now - (o.issuedAgoMs ?? 0));
    const until = iso(now + (o.notOnOrAfterMs ?? 5 * 60_000));
    const index = o.sessionIndex
      ? `<samlp:SessionIndex>${escapeXml(o.sessionIndex)}</samlp:SessionIndex>`
      : '';
    const xml = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${issued}" NotOnOrAfter="${until}" Destination="${escapeXml(o.destination ?? state.spLogoutUrl)}"><saml:Issuer>${escapeXml(o.issuer ?? `${url}/metadata`)}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${escapeXml(o.nameID)}</saml:NameID>${index}</samlp:LogoutRequest>`;
    return o.binding === 'post'
      ? postMessage('SAMLRequest', 'LogoutRequest', xml, o)
      : redirectMessage(state.spLogoutUrl, 'SAMLRequest', xml, o);
  }

  /** Whether the redirect-binding message of `location` is query-signed by `cert`; its XML too. */
  function redirectSignedBy(location, cert) {
    const query = location.slice(location.indexOf('?') + 1);
    const token = (name) => query.split('&').find((t) => t.startsWith(`${name}=`));
    const message = token('SAMLRequest') ?? token('SAMLResponse');
    const signed = [message, token('RelayState'), token('SigAlg')].filter(Boolean).join('&');
    const signature = token('Signature');
    if (!message || !signature) return false;
    const value = decodeURIComponent(signature.slice('Signature='.length));
    return crypto.verify('sha256', Buffer.from(signed, 'utf8'), cert, Buffer.from(value, 'base64'));
  }

  const inflated = (base64) => zlib.inflateRawSync(Buffer.from(base64, 'base64')).toString('utf8');

  const server = http.createServer(async (req, res) => {
    const here = new URL(req.url, url);
    if (here.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadata());
      return;
    }
    if (here.pathname === '/sso' && req.method === 'GET') {
      const request = readAuthnRequest(here.href);
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><title>Test IdP</title><form method="post" action="/sso">` +
            `<input type="hidden" name="request" value="${escapeXml(JSON.stringify({ ...request, xml: undefined }))}">` +
            `<label>IdP username <input name="username" data-testid="idp-username"></label>` +
            `<button data-testid="idp-sign-in">Sign in at the IdP</button></form>`,
        );
      return;
    }
    if (here.pathname === '/sso' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const request = JSON.parse(form.get('request') ?? '{}');
      const response = responseFor(request, form.get('username') ?? '');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><title>Test IdP</title><body onload="document.forms[0].submit()">` +
            `<form method="post" action="${escapeXml(request.acsUrl)}">` +
            `<input type="hidden" name="SAMLResponse" value="${response}"><button>Continue</button></form>`,
        );
      return;
    }
    if (here.pathname === '/slo') {
      const answer = here.searchParams.get('SAMLResponse');
      if (answer) {
        logoutResponses.push({ url: here.href, xml: inflated(answer) });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('the SP answered');
        return;
      }
      const request = inflated(here.searchParams.get('SAMLRequest') ?? '');
      logouts.push(request);
      if (state.spLogoutUrl && destinationOf(request) === `${url}/slo`) {
        res.writeHead(302, { location: logoutResponseFor(request).url }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('signed out at the IdP');
      return;
    }
    res.writeHead(404).end();
  });
  const port = await listen(server);
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    metadataUrl: `${url}/metadata`,
    metadata,
    keys,
    logouts,
    logoutResponses,
    sessionIndexes,
    get spLogoutUrl() {
      return state.spLogoutUrl;
    },
    set spLogoutUrl(value) {
      state.spLogoutUrl = value;
    },
    readAuthnRequest,
    responseFor,
    logoutResponseFor,
    logoutRequestFor,
    redirectSignedBy,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
