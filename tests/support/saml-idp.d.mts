export interface SamlKeyPair {
  key: string;
  cert: string;
}
export interface SamlAuthnRequest {
  id: string;
  acsUrl: string;
  issuer: string;
  xml: string;
}
export interface SamlResponseOptions {
  sign?: 'assertion' | 'none';
  signer?: SamlKeyPair;
  wrap?: { kind: 'sibling' | 'advice'; as: string };
  audience?: string;
  destination?: string;
  recipient?: string;
  issuer?: string;
  inResponseTo?: string | null;
  expired?: boolean;
  attributes?: Record<string, string>;
}
export interface SamlLogoutOptions {
  binding?: 'redirect' | 'post';
  sign?: boolean;
  signer?: SamlKeyPair;
  issuer?: string;
  destination?: string;
  relayState?: string;
}
/** A message of the HTTP-Redirect binding (`url`) or of the HTTP-POST binding (`form`). */
export type SamlLogoutMessage =
  { url: string; form?: undefined } | { form: Record<string, string>; url?: undefined };
export interface TestSamlIdp {
  url: string;
  metadataUrl: string;
  metadata(): string;
  keys: { idp: SamlKeyPair; other: SamlKeyPair; sp: SamlKeyPair; sp2: SamlKeyPair };
  logouts: string[];
  logoutResponses: { url: string; xml: string }[];
  sessionIndexes: Record<string, string[]>;
  /** The SP's single logout service; the IdP's messages go there. */
  spLogoutUrl: string;
  readAuthnRequest(location: string): SamlAuthnRequest;
  responseFor(request: SamlAuthnRequest, username: string, options?: SamlResponseOptions): string;
  logoutResponseFor(
    requestXml: string,
    options?: SamlLogoutOptions & { inResponseTo?: string; status?: string },
  ): SamlLogoutMessage;
  logoutRequestFor(
    options: SamlLogoutOptions & {
      nameID: string;
      sessionIndex?: string;
      issuedAgoMs?: number;
      notOnOrAfterMs?: number;
    },
  ): SamlLogoutMessage;
  redirectSignedBy(location: string, cert: string): boolean;
  close(): Promise<void>;
}
export function startSamlIdp(options?: {
  accounts?: Record<string, Record<string, string>>;
}): Promise<TestSamlIdp>;
