/**
 * Internal platforms seeded on first start (docs/resources.md#platforms). Integer ids are fixed so that the
 * built-ins keep the same ids on every installation, as in v2.21's data migration.
 */
export interface BuiltinPlatform {
  id: number;
  name: string;
  base: PlatformBase;
  meta: Record<string, string> | null;
  comment: string;
}

export const PLATFORM_BASES = ['Linux', 'Unix', 'MacOS', 'BSD', 'Windows', 'Other'] as const;
export type PlatformBase = (typeof PLATFORM_BASES)[number];

export const BUILTIN_PLATFORMS: readonly BuiltinPlatform[] = [
  { id: 1, name: 'Linux', base: 'Linux', meta: null, comment: '' },
  { id: 2, name: 'Unix', base: 'Unix', meta: null, comment: '' },
  { id: 3, name: 'MacOS', base: 'MacOS', meta: null, comment: '' },
  { id: 4, name: 'BSD', base: 'BSD', meta: null, comment: '' },
  { id: 5, name: 'Windows', base: 'Windows', meta: { security: 'any', console: 'false' }, comment: '' },
  { id: 6, name: 'Other', base: 'Other', meta: null, comment: '' },
  { id: 7, name: 'Windows-RDP', base: 'Windows', meta: { security: 'rdp', console: 'false' }, comment: '' },
  { id: 8, name: 'Windows-TLS', base: 'Windows', meta: { security: 'tls', console: 'false' }, comment: '' },
];

/** zTree `iconSkin` of an asset from its platform base (docs/resources.md#trees). */
export function iconSkinForBase(base: string): 'windows' | 'linux' | 'file' {
  if (base === 'Windows') return 'windows';
  if (base === 'Linux' || base === 'Unix' || base === 'MacOS' || base === 'BSD') return 'linux';
  return 'file';
}
