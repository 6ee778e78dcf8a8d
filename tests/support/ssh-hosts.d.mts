export interface SshTestHost {
  host: string;
  port: number;
  rootPassword: string;
  dir: string;
  /** Runs `sh -c script` as root on the host; returns stdout. */
  exec(script: string): string;
  authorize(user: string, publicKey: string): void;
  /** Adds an account with a password; sudo: may run anything as root with ('password') or without its password. */
  addUser(user: string, password: string, options?: { sudo?: 'password' | 'nopasswd' | 'none' }): void;
  log(): string;
  stop(): Promise<void>;
}
export interface SshLab {
  gateway: SshTestHost & { holderPid: number };
  /** Reachable only through the gateway, at 127.0.0.1:INTERNAL_SSH_PORT as the gateway sees it. */
  internal: SshTestHost;
  stop(): Promise<void>;
}
export declare const INTERNAL_SSH_PORT: number;
export declare function sshdInstalled(): boolean;
export declare function startSshHost(options?: {
  rootPassword?: string;
}): Promise<SshTestHost & { holderPid: number }>;
export declare function startSshLab(options?: {
  gatewayPassword?: string;
  internalPassword?: string;
}): Promise<SshLab>;
export declare function startSilentPort(): Promise<{ port: number; stop(): Promise<void> }>;
