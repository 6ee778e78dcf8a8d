export declare const WAIT_MS: number;
export declare const TEST_TIMEOUT_MS: number;
