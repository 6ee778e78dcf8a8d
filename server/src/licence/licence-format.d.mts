import type { KeyObject } from 'node:crypto';
export declare const LICENCE_FORMAT: string;
export declare function canonicalJson(value: unknown): string;
export declare function signedBytes(license: Record<string, unknown>): Buffer;
export declare function signLicence(license: Record<string, unknown>, privateKey: KeyObject | string): string;
export declare function normalisePublicKey(text: string): string;
export type LicenceRefusal = 'not_json' | 'unsigned' | 'format' | 'signature' | 'content';
export type LicenceCheck =
  { ok: true; license: Record<string, unknown> } | { ok: false; reason: LicenceRefusal };
export declare function verifyLicenceText(text: string, trustedKeys: readonly string[]): LicenceCheck;
