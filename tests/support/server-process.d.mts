export interface ServerProcess {
  baseUrl: string;
  adminPassword: string;
  /** The server's BASTION_DATA_DIR (removed by stop). */
  dataDir: string;
  log(): string;
  stop(): Promise<void>;
}
export declare function freePort(): Promise<number>;
export declare function startServerProcess(options?: {
  env?: Record<string, string>;
  generatedPassword?: boolean;
}): Promise<ServerProcess>;
export declare function runMain(
  args: string[],
  env?: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }>;
