export declare function routePagesOf(options: {
  entry: string;
  base: string;
  tsconfig: string;
  lazyOutputs: Map<string, string>;
  warn?: (message: string) => void;
}): Promise<Record<string, string[]> | null>;
