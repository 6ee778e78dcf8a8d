import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { SAML, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { textXmlParser, xmlNodes, xmlText, type XmlNode } from './xml-reading';

/**
 * A LogoutRequest or LogoutResponse that reached the single logout service, as sent by one of the two
 * bindings (docs/auth-radius-saml.md#single-logout). `xml` is the message itself; `check` has node-saml
 * verify its signature — the query signature of HTTP-Redirect, the XML signature of HTTP-POST.
 */
export interface LogoutMessage {
  kind: 'request' | 'response';
  binding: 'redirect' | 'post';
  xml: string;
  relayState: string;
}

/**
 * Why a logout message is not accepted; the text goes to the log and the person's page. `kind`: what the
 * message was, as far as it could be read (a LogoutResponse means the person already signed out here).
 */
export class LogoutRefused extends Error {
  constructor(
    message: string,
    readonly kind: LogoutMessage['kind'] = 'request',
  ) {
    super(message);
  }
}

/** A message larger than this, inflated, is refused before any XML parser sees it (deflate bombs). */
const MAX_XML_BYTES = 256 * 1024;
const SAML_NAMES = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg', 'Signature'] as const;

/** `text` percent-decoded (`+` as a space, as forms encode it); a malformed escape is a refusal, not a 500. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new LogoutRefused('the query is not well encoded');
  }
}

/** The raw `name=value` pairs of a query string, as sent (the redirect signature covers these bytes). */
function rawPairs(query: string): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  for (const token of query.split('&')) {
    if (token === '') continue;
    const name = percentDecoded(token.split('=', 1)[0] ?? '');
    pairs.set(name, [...(pairs.get(name) ?? []), token]);
  }
  return pairs;
}

const decodeValue = (token: string) => percentDecoded(token.slice(token.indexOf('=') + 1));

function inflate(base64: string, kind: LogoutMessage['kind']): string {
  try {
    return zlib
      .inflateRawSync(Buffer.from(base64, 'base64'), { maxOutputLength: MAX_XML_BYTES })
      .toString('utf8');
  } catch {
    throw new LogoutRefused('the message is not a deflated SAML message of at most 256 KB', kind);
  }
}

/**
 * The logout message of a request to the single logout service, or null when it carries none (the
 * browser merely comes back). HTTP-Redirect: each SAML parameter at most once, and a signature required
 * — node-saml would accept an unsigned one. HTTP-POST: the form's base64 message.
 */
export function readLogoutMessage(request: FastifyRequest): LogoutMessage | null {
  if (request.method === 'POST') {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const kind = text('SAMLResponse') !== '' ? 'response' : text('SAMLRequest') !== '' ? 'request' : null;
    if (kind === null) return null;
    if (text('SAMLRequest') !== '' && text('SAMLResponse') !== '')
      throw new LogoutRefused('both a SAMLRequest and a SAMLResponse', kind);
    const encoded = text(kind === 'request' ? 'SAMLRequest' : 'SAMLResponse');
    const xml = Buffer.from(encoded, 'base64').toString('utf8');
    if (xml.length > MAX_XML_BYTES) throw new LogoutRefused('the message is larger than 256 KB', kind);
    return { kind, binding: 'post', xml, relayState: text('RelayState') };
  }
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const pairs = rawPairs(query);
  const has = (name: string) => (pairs.get(name)?.length ?? 0) > 0;
  if (!has('SAMLRequest') && !has('SAMLResponse')) return null;
  const kind = has('SAMLResponse') ? 'response' : 'request';
  for (const name of SAML_NAMES)
    if ((pairs.get(name)?.length ?? 0) > 1) throw new LogoutRefused(`${name} is given more than once`, kind);
  if (has('SAMLRequest') && has('SAMLResponse'))
    throw new LogoutRefused('both a SAMLRequest and a SAMLResponse', kind);
  if (!has('Signature') || !has('SigAlg'))
    throw new LogoutRefused('the message is not signed (no Signature)', kind);
  const token = (name: string) => pairs.get(name)?.[0] ?? '';
  return {
    kind,
    binding: 'redirect',
    xml: inflate(decodeValue(token(kind === 'request' ? 'SAMLRequest' : 'SAMLResponse')), kind),
    relayState: has('RelayState') ? decodeValue(token('RelayState')) : '',
  };
}

/** The redirect binding's parameters for node-saml, and the signed octets in the order the binding signs them. */
function redirectContainer(request: FastifyRequest, kind: LogoutMessage['kind']) {
  const query = request.url.slice(request.url.indexOf('?') + 1);
  const pairs = rawPairs(query);
  const message = kind === 'request' ? 'SAMLRequest' : 'SAMLResponse';
  const names = [message, ...(pairs.has('RelayState') ? ['RelayState'] : []), 'SigAlg', 'Signature'];
  const container: Record<string, string> = {};
  for (const name of names) container[name] = decodeValue(pairs.get(name)?.[0] ?? '');
  // node-saml finds each parameter of the signed string by name in this query; given only these, in
  // the binding's order, it reads exactly the octets the IdP signed.
  return { container, originalQuery: names.map((name) => pairs.get(name)?.[0] ?? '').join('&') };
}

/**
 * node-saml's verification of the message: the query signature (redirect) or the XML signature (POST)
 * by one of the IdP's certificates, the issuer, the time conditions, and — for a LogoutResponse by
 * redirect — the status and InResponseTo against the SP's one request. Returns the LogoutRequest's
 * profile (null for a response). Throws LogoutRefused saying why not.
 */
export async function verifyLogoutSignature(
  sp: SAML,
  request: FastifyRequest,
  message: LogoutMessage,
): Promise<Profile | null> {
  try {
    if (message.binding === 'redirect') {
      const { container, originalQuery } = redirectContainer(request, message.kind);
      return (await sp.validateRedirectAsync(container, originalQuery)).profile;
    }
    const encoded = Buffer.from(message.xml, 'utf8').toString('base64');
    if (message.kind === 'request')
      return (await sp.validatePostRequestAsync({ SAMLRequest: encoded })).profile;
    // node-saml looks for InResponseTo on a sign-in Response only, so a LogoutResponse would be refused as
    // unsolicited; its signature is checked here, its InResponseTo by the caller.
    const lenient = new SAML({ ...sp.options, validateInResponseTo: ValidateInResponseTo.ifPresent });
    await lenient.validatePostResponseAsync({ SAMLResponse: encoded });
    return null;
  } catch (error) {
    throw new LogoutRefused(error instanceof Error ? error.message : String(error), message.kind);
  }
}

const parser = textXmlParser({
  processEntities: false,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(xmlText) : []);

/** What the checks of a logout message read, from the root element and its direct children only. */
export interface LogoutFields {
  id: string;
  issuer: string;
  destination: string;
  issueInstant: string;
  inResponseTo: string;
  /** The top-level StatusCode of a LogoutResponse. */
  status: string;
  nameIDs: string[];
  sessionIndexes: string[];
}

/**
 * The fields of a logout message of `kind`. Only the root and its direct children are read: the root is
 * what the verified signature covers (an XML signature is enveloped in it; a query signature covers it
 * all), so nothing tucked inside the Signature element is taken for the message.
 */
export function logoutFields(xml: string, kind: LogoutMessage['kind']): LogoutFields {
  let doc: XmlNode;
  try {
    doc = parser.parse(xml, true) as XmlNode;
  } catch {
    throw new LogoutRefused('the message is not XML', kind);
  }
  const rootName = kind === 'request' ? 'LogoutRequest' : 'LogoutResponse';
  const roots = xmlNodes(doc[rootName]);
  const others = Object.keys(doc).filter((key) => key !== rootName && key !== '?xml');
  if (roots.length !== 1 || others.length > 0) throw new LogoutRefused(`not a ${rootName}`, kind);
  const root = roots[0] as XmlNode;
  const attribute = (name: string) =>
    typeof root[`@${name}`] === 'string' ? (root[`@${name}`] as string) : '';
  const issuers = texts(root.Issuer);
  if (issuers.length !== 1) throw new LogoutRefused('the message has no single Issuer', kind);
  const statusCodes = xmlNodes(root.Status).flatMap((status) => xmlNodes(status.StatusCode));
  return {
    id: attribute('ID'),
    issuer: (issuers[0] ?? '').trim(),
    destination: attribute('Destination'),
    issueInstant: attribute('IssueInstant'),
    inResponseTo: attribute('InResponseTo'),
    status: String(statusCodes[0]?.['@Value'] ?? ''),
    nameIDs: [...texts(root.NameID), ...xmlNodes(root.EncryptedID).map(() => '(encrypted)')],
    sessionIndexes: texts(root.SessionIndex).map((index) => index.trim()),
  };
}
