export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Drives the provider's login page over HTTP from the authorization URL; the URL it sends back to. */
  signInAtProvider(authUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}
export declare function startOidcProvider(options: {
  redirectBase: string;
  accounts?: Record<string, { name?: string; email?: string }>;
}): Promise<TestOidcProvider>;
