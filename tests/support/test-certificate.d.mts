export declare function throwAwayCertificate(): { key: string; cert: string };
