import type { KeyObject } from 'node:crypto';
export declare const SIGNATURE_FILE: string;
export declare function signedListing(dir: string): Promise<Buffer>;
export declare function publicKeyFromBase64(text: string): KeyObject;
export declare function publicKeyBase64(key: KeyObject | string): string;
export interface SignatureBody {
  algorithm: 'ed25519';
  key: string;
  signature: string;
}
export declare function signPluginFolder(dir: string, privateKey: KeyObject | string): Promise<SignatureBody>;
export type FolderSignature =
  { state: 'signed'; key: string } | { state: 'unsigned' } | { state: 'bad'; reason: string };
export declare function verifyPluginFolder(
  dir: string,
  trustedKeys: readonly string[],
): Promise<FolderSignature>;
