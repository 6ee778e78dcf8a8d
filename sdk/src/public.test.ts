// The public surface (docs/sdk-package.md): every name a built-in plugin imports from @bastion/sdk is in the
// package's API report, so an outside author can do whatever the built-in plugins do.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const report = readFileSync(path.join(root, 'sdk/api/bastion-sdk.api.md'), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(path.join(root, 'plugins'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, list] of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@bastion\/sdk'/g))
      for (const part of (list ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
  }
  return names;
}

const promised = (name: string) =>
  new RegExp(
    `^export (?:declare )?(?:const|function|class|interface|type|enum|abstract class) ${name}\\b`,
    'm',
  ).test(report);

describe('the SDK package surface', () => {
  it('holds every name the built-in plugins import', () => {
    const names = importedNames();
    expect(names.size).toBeGreaterThan(30);
    expect([...names].filter((name) => !promised(name))).toEqual([]);
  });

  it("leaves out the shell's own names", () => {
    for (const name of ['ServiceLocatorContext', 'addVisitedView', 'readCsrfToken', 'SIDEBAR_WIDTH_PX'])
      expect(promised(name)).toBe(false);
    expect(promised('definePlugin')).toBe(true);
  });
});
