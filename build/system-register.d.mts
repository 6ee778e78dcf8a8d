export declare const EAGER_COMPILE_HINT: string;

export declare function wrapCjs(code: string, deps: string[]): string;

export declare function rechunkToSystem(
  files: Map<string, string>,
  entry: string,
  entryName: string,
  whole?: string[],
  eagerFirstView?: boolean,
): Promise<
  {
    fileName: string;
    code: string;
    isEntry: boolean;
    imports: string[];
    dynamicImports: string[];
    modules: string[];
  }[]
>;
