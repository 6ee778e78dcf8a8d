export interface DevBuild {
  /** The built plugin's folder. */
  dir: string;
  manifest: { id: string; module: string };
}

export function buildDevServer(
  projectDir: string,
  options: {
    build: () => Promise<DevBuild>;
    outRoot: string;
    port?: number;
    log?: (line: string) => void;
  },
): Promise<{ url: string; close(): Promise<void> }>;
