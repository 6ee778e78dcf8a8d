import crypto from 'node:crypto';
import { fetchFailureReason } from '../http/fetch-failure';
import { textXmlParser, xmlNodes, xmlText, type XmlNode } from './xml-reading';

/** What this console needs of an identity provider, read from its SAML2 metadata. */
export interface IdpMetadata {
  entityId: string;
  /** Where AuthnRequests go (HTTP-Redirect binding). */
  ssoUrl: string;
  /** Where LogoutRequests go (HTTP-Redirect binding), or '' when the provider has none. */
  sloUrl: string;
  /** Where our LogoutResponses go: the service's ResponseLocation, else its Location ('' without one). */
  sloResponseUrl: string;
  /** The provider's signing certificates, PEM: a response must be signed by one of them. */
  certs: string[];
}

/** Why metadata is unusable, for the field error and the login page. */
export class MetadataError extends Error {}

/** How long fetching the metadata by URL may take, and how large it may be. */
export const METADATA_TIMEOUT_MS = 10_000;
const METADATA_MAX_BYTES = 1_000_000;
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

// XML escapes are undone (`&amp;` in an SSO address with a query is `&`). The parser leaves an entity whose
// value refers to other entities unexpanded, so an entity bomb stays a few bytes of text.
const parser = textXmlParser({
  isArray: (name) =>
    ['EntityDescriptor', 'IDPSSODescriptor', 'KeyDescriptor', 'X509Certificate'].includes(name) ||
    name.endsWith('Service'),
});

/** A base64 DER certificate of the metadata as PEM, or null when it is not one. */
function certificatePem(base64: string): string | null {
  const body = base64.replace(/\s+/g, '');
  if (body === '') return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  try {
    new crypto.X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}

/**
 * The provider of a metadata document (docs/auth-radius-saml.md#settings): an EntityDescriptor (alone or
 * in an EntitiesDescriptor) with an IDPSSODescriptor, a single sign-on service of the HTTP-Redirect binding
 * and at least one signing certificate. Anything else throws MetadataError saying what is missing.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  let doc: XmlNode;
  try {
    doc = parser.parse(xml, true) as XmlNode;
  } catch (error) {
    throw new MetadataError(
      `not XML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
  const entities = [
    ...xmlNodes(doc.EntityDescriptor),
    ...xmlNodes(doc.EntitiesDescriptor).flatMap((group) => xmlNodes(group.EntityDescriptor)),
  ];
  const entity = entities.find((e) => xmlNodes(e.IDPSSODescriptor).length > 0);
  if (!entity) throw new MetadataError('no EntityDescriptor with an IDPSSODescriptor');
  const idp = xmlNodes(entity.IDPSSODescriptor)[0] as XmlNode;
  const redirect = (service: unknown, attribute = '@Location') =>
    String(xmlNodes(service).find((s) => s['@Binding'] === REDIRECT_BINDING)?.[attribute] ?? '');
  const ssoUrl = redirect(idp.SingleSignOnService);
  if (!/^https?:\/\//.test(ssoUrl))
    throw new MetadataError('no SingleSignOnService with the HTTP-Redirect binding');
  const certs = xmlNodes(idp.KeyDescriptor)
    .filter((key) => key['@use'] === undefined || key['@use'] === 'signing')
    .flatMap((key) => xmlNodes((key.KeyInfo as XmlNode | undefined)?.X509Data))
    .flatMap((data) => (Array.isArray(data.X509Certificate) ? data.X509Certificate : []))
    .map((cert) => certificatePem(xmlText(cert)))
    .filter((pem): pem is string => pem !== null);
  if (certs.length === 0) throw new MetadataError('no signing certificate (KeyDescriptor use="signing")');
  const entityId = String(entity['@entityID'] ?? '');
  if (entityId === '') throw new MetadataError('the EntityDescriptor has no entityID');
  const web = (address: string) => (/^https?:\/\//.test(address) ? address : '');
  const sloUrl = web(redirect(idp.SingleLogoutService));
  const sloResponseUrl = sloUrl && (web(redirect(idp.SingleLogoutService, '@ResponseLocation')) || sloUrl);
  return { entityId, ssoUrl, sloUrl, sloResponseUrl, certs };
}

/** The metadata document at `url`, within the time-out; a MetadataError says why not. */
export async function fetchIdpMetadata(url: string): Promise<string> {
  let answer: Response;
  try {
    answer = await fetch(url, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS) });
  } catch (error) {
    throw new MetadataError(`${url}: ${fetchFailureReason(error, METADATA_TIMEOUT_MS)}`);
  }
  if (!answer.ok) throw new MetadataError(`${url}: HTTP ${answer.status}`);
  const text = await answer.text();
  if (text.length > METADATA_MAX_BYTES) throw new MetadataError(`${url}: larger than 1 MB`);
  return text;
}
