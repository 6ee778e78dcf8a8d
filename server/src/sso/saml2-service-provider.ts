import { SAML, ValidateInResponseTo, type SamlConfig } from '@node-saml/node-saml';
import type { IdpMetadata } from './saml2-idp-metadata';
import { spEntityId, type Saml2Settings } from './saml2-settings';
import { SAML2_ACS_PATH, SAML2_LOGOUT_PATH } from './sso-paths';
import { textXmlParser } from './xml-reading';

/** How long a sign-in may stay at the IdP; the request id is answerable that long. */
export const SAML2_FLOW_TTL_MS = 10 * 60_000;

/** The SP's own options, shared by the metadata and the exchanges with the IdP. */
function spOptions(settings: Saml2Settings) {
  const { advanced } = settings;
  const signing = settings.spKey !== '' && settings.spCert !== '';
  return {
    issuer: spEntityId(settings),
    callbackUrl: `${settings.baseUrl}${SAML2_ACS_PATH}`,
    logoutCallbackUrl: `${settings.baseUrl}${SAML2_LOGOUT_PATH}`,
    // Unspecified unless the advanced settings ask for a format: the IdP sends its usual NameID.
    identifierFormat: advanced.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    // With a key, AuthnRequests and LogoutRequests are signed and encrypted assertions can be read.
    ...(signing
      ? {
          privateKey: settings.spKey,
          decryptionPvk: settings.spKey,
          signatureAlgorithm: advanced.signatureAlgorithm ?? 'sha256',
        }
      : {}),
    wantAssertionsSigned: true,
  } as const;
}

/**
 * The SP metadata document an IdP administrator imports (docs/auth-radius-saml.md#flow). node-saml lists
 * the single logout service with the HTTP-POST binding only; the same address serves HTTP-Redirect too
 * (docs/auth-radius-saml.md#single-logout), so that binding is listed beside it.
 */
export function spMetadataXml(settings: Saml2Settings): string {
  const signing = settings.spKey !== '' && settings.spCert !== '';
  const xml = new SAML({
    ...spOptions(settings),
    // The metadata describes only this side; the IdP's certificates play no part in it.
    idpCert: signing ? settings.spCert : 'none',
  }).generateServiceProviderMetadata(signing ? settings.spCert : null, signing ? settings.spCert : null);
  return xml.replace(
    /^(\s*)(<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-POST" (Location="[^"]*")\/>)$/m,
    '$1$2\n$1<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" $3/>',
  );
}

/**
 * node-saml configured for one exchange with the IdP (docs/auth-radius-saml.md#checks): the assertion must
 * be signed by one of the IdP's certificates, addressed to our entity id, issued by the IdP, in time (no
 * skew unless the advanced settings allow some) and in answer to `requestId` — the one request of this
 * browser's sealed flow, so unsolicited responses and answers to other requests are refused.
 */
export function serviceProvider(
  settings: Saml2Settings,
  idp: IdpMetadata,
  requestId: string,
  requestedAt = Date.now(),
): SAML {
  const { advanced } = settings;
  const config: SamlConfig = {
    ...spOptions(settings),
    idpCert: idp.certs,
    idpIssuer: idp.entityId,
    entryPoint: idp.ssoUrl,
    ...(idp.sloUrl ? { logoutUrl: idp.sloUrl } : {}),
    audience: spEntityId(settings),
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: (advanced.clockSkewSeconds ?? 0) * 1000,
    forceAuthn: advanced.forceAuthn ?? false,
    ...(advanced.authnContext ? { authnContext: advanced.authnContext } : {}),
    generateUniqueId: () => requestId,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML2_FLOW_TTL_MS,
    // The flow cookie is the cache: only its own request id is a known one.
    cacheProvider: {
      saveAsync: (key, value) => Promise.resolve({ value, createdAt: Date.now() }),
      getAsync: (key) => Promise.resolve(key === requestId ? new Date(requestedAt).toISOString() : null),
      removeAsync: (key) => Promise.resolve(key),
    },
  };
  return new SAML(config);
}

const parser = textXmlParser({ processEntities: false });

/** Every value of attribute `name` anywhere under `node`. */
function attributeValues(node: unknown, name: string, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) attributeValues(item, name, found);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node as Record<string, unknown>))
      if (key === `@${name}`) found.push(String(value));
      else attributeValues(value, name, found);
  return found;
}

/**
 * The address checks node-saml leaves to us: the Response's Destination and every SubjectConfirmationData
 * Recipient, when present, must be this console's assertion consumer — a response issued for another SP
 * of the same IdP is refused. Returns why not, or null.
 */
export function wrongRecipient(samlResponse: string, acsUrl: string): string | null {
  const doc = parser.parse(Buffer.from(samlResponse, 'base64').toString('utf8')) as Record<string, unknown>;
  const response = doc.Response as Record<string, unknown> | undefined;
  const destination = response?.['@Destination'];
  if (destination !== undefined && destination !== acsUrl)
    return `the response is for ${String(destination)}, not ${acsUrl}`;
  const recipients = attributeValues(response, 'Recipient');
  const other = recipients.find((r) => r !== acsUrl);
  return other === undefined ? null : `the assertion is for ${other}, not ${acsUrl}`;
}
