// Installing the console's packages in a folder outside the repository without a registry: a lockfile that
// names the two tarballs and, for their dependencies, the very versions, tarball URLs and integrities of the
// repository's own package-lock.json, so `npm ci --offline` takes every file from npm's cache (filled when
// the repository itself was installed).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

function manifestOf(tarball: string): LockEntry & { name: string } {
  return JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
}

/** Writes package.json and package-lock.json in `dir` for the given tarballs (files inside `dir`). */
export function writeOfflineProject(dir: string, tarballs: string[]): void {
  const repoLock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const packages: Record<string, LockEntry> = {};
  const dependencies: Record<string, string> = {};
  // [the lock path of the package that wants it, the name it wants]
  const queue: Array<[string, string]> = [];
  const wants = (entry: LockEntry) => [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((p) => !entry.peerDependenciesMeta?.[p]?.optional),
  ];
  for (const file of tarballs) {
    const manifest = manifestOf(path.join(dir, file));
    dependencies[manifest.name] = `file:${file}`;
    const integrity = `sha512-${createHash('sha512')
      .update(readFileSync(path.join(dir, file)))
      .digest('base64')}`;
    const { name: _name, ...fields } = manifest;
    packages[`node_modules/${manifest.name}`] = {
      version: manifest.version,
      resolved: `file:${file}`,
      integrity,
      ...(fields.dependencies ? { dependencies: fields.dependencies } : {}),
      ...(fields.peerDependencies ? { peerDependencies: fields.peerDependencies } : {}),
      ...(fields.bin ? { bin: fields.bin } : {}),
    };
    queue.push(...wants(manifest).map((name): [string, string] => ['', name]));
  }
  // Node's resolution in the repository's tree: the wanting package's own node_modules, then its parents'.
  const resolve = (from: string, name: string): string | null => {
    for (let at = from; ; at = at.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, '')) {
      const key = `${at ? `${at}/` : ''}node_modules/${name}`;
      if (repoLock.packages[key]) return key;
      if (!at) return null;
    }
  };
  while (queue.length) {
    const [from, name] = queue.pop() as [string, string];
    const key = resolve(from, name);
    // null: an optional dependency the repository did not install (another platform's binary)
    if (key === null || packages[key]) continue;
    const {
      dev: _dev,
      devOptional: _devOptional,
      peer: _peer,
      ...kept
    } = repoLock.packages[key] as LockEntry;
    packages[key] = kept;
    queue.push(...wants(kept).map((dep): [string, string] => [key, dep]));
  }
  const pkg = { name: 'outside-plugin-workspace', version: '1.0.0', private: true, dependencies };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  const lock = {
    name: pkg.name,
    version: pkg.version,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name: pkg.name, version: pkg.version, dependencies }, ...packages },
  };
  writeFileSync(path.join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
}
