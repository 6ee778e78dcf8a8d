export declare const RADIUS_TEST_SECRET: string;
export declare const RADIUS_USERS: Readonly<
  Record<'radalice' | 'radbob' | 'radcarol' | 'raddave' | 'otpuser', string>
>;
export declare function freeradiusInstalled(): boolean;
export interface TestRadiusServer {
  port: number;
  secret: string;
  dir: string;
  log(): string;
  stop(): Promise<void>;
}
export declare function startRadiusServer(): Promise<TestRadiusServer>;
