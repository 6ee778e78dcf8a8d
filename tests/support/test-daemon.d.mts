export interface TestDaemon {
  output(): string;
  stop(): Promise<void>;
}
export declare function startDaemon(options: {
  name: string;
  command: string;
  args: readonly string[];
  dir: string;
  ready(output: string): boolean | Promise<boolean>;
}): Promise<TestDaemon>;
