export declare function routePagesOf(options: {
  entry: string;
  base: string;
  tsconfig: string;
  lazyOutputs: Map<string, string>;
  sdkSource?: string;
  warn?: (message: string) => void;
}): Promise<Record<string, string[]> | null>;
