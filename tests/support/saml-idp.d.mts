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
export interface TestSamlIdp {
  url: string;
  metadataUrl: string;
  metadata(): string;
  keys: { idp: SamlKeyPair; other: SamlKeyPair; sp: SamlKeyPair; sp2: SamlKeyPair };
  logouts: string[];
  readAuthnRequest(location: string): SamlAuthnRequest;
  responseFor(request: SamlAuthnRequest, username: string, options?: SamlResponseOptions): string;
  close(): Promise<void>;
}
export function startSamlIdp(options?: {
  accounts?: Record<string, Record<string, string>>;
}): Promise<TestSamlIdp>;
