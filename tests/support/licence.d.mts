export declare const TEST_LICENCE_KEY: string;
export declare const TEST_LICENCE_PRIVATE_KEY: string;
export declare function signedTestLicence(license: Record<string, unknown>): string;
