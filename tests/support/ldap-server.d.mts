export declare const LDAP_BASE: string;
export declare const LDAP_ADMIN_DN: string;
export declare const LDAP_ADMIN_PASSWORD: string;
export declare const LDAP_PEOPLE_OU: string;
export declare const LDAP_STAFF_OU: string;
export declare const USER_COUNT: number;
export declare const DISABLED_UID: string;
export declare function ldapUid(n: number): string;
export declare function ldapPassword(uid: string): string;
export declare function slapdInstalled(): boolean;
export interface TestLdapServer {
  port: number;
  ldapsPort: number;
  url: string;
  ldapsUrl: string;
  certificate: { key: string; cert: string };
  dir: string;
  stop(): Promise<void>;
}
export declare function startLdapServer(): Promise<TestLdapServer>;
