export interface TestCasServer {
  /** The CAS server's base URL (`…/cas`), as CAS_SERVER_URL takes it. */
  url: string;
  /** The query strings of the logout visits received. */
  logouts: string[];
  /** The protocol version of each ticket check received, in order. */
  validations: number[];
  /** Signs in at the CAS login form over HTTP; the URL it sends the browser back to (with `ticket`). */
  signInAtCas(loginUrl: string, username: string): Promise<string>;
  close(): Promise<void>;
}
export declare function startCasServer(options?: {
  accounts?: Record<string, Record<string, string>>;
}): Promise<TestCasServer>;
