export declare const BUILD_INPUTS: readonly string[];
export declare function inputsDigest(base?: string): string;
export declare function isUpToDate(digest: string, dist?: string): boolean;
export declare function clearStamp(dist?: string): void;
export declare function writeStamp(digest: string, dist?: string): void;
