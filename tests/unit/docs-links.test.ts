// The repository stands alone: its documents link only to what it holds, and its code cites its own docs
// (docs/*.md, with an anchor where it names a section), never documents outside it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const CODE_DIRS = ['build', 'host', 'plugins', 'scripts', 'sdk', 'server', 'tests'];
const CODE_FILE = /\.(ts|tsx|mjs|js|mts|css|html)$/;

function filesUnder(dir: string, match: RegExp): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && match.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const markdown = ['README.md', 'PLUGINS.md', ...filesUnder('docs', /\.md$/)];
const code = CODE_DIRS.flatMap((dir) => filesUnder(dir, CODE_FILE));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    anchors.add(
      heading[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    );
  }
  return anchors;
}

/** A link target relative to `from` (a file and an optional anchor): what is wrong with it, or null. */
function problemOf(from: string, target: string): string | null {
  const [file = '', anchor] = target.split('#');
  const resolved = file === '' ? from : path.normalize(path.join(path.dirname(from), file));
  if (resolved.startsWith('..')) return `${target} leaves the repository`;
  if (!fs.existsSync(path.join(root, resolved))) return `${target}: no such file`;
  if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
    return `${target}: no heading "${anchor}" in ${resolved}`;
  return null;
}

describe('documents', () => {
  it('link only to files and headings of the repository', () => {
    const problems: string[] = [];
    for (const file of markdown) {
      if (read(file).includes('../shared')) problems.push(`${file}: names ../shared, which a clone has not`);
      for (const match of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        const problem = problemOf(file, target);
        if (problem) problems.push(`${file}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('code comments', () => {
  it('cite docs that exist, at headings that exist', () => {
    const problems: string[] = [];
    for (const file of code) {
      for (const match of read(file).matchAll(/\b((?:docs\/[\w-]+|README|PLUGINS)\.md)(#[\w-]+)?/g)) {
        const problem = problemOf('x', `${match[1]}${match[2] ?? ''}`);
        if (problem) problems.push(`${file}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('cite no document outside the repository', () => {
    // `<name>.api.md` is an API report in the repository (sdk/api/), not the contract's api.md.
    const outside =
      /\b(?:spec|contract|catalogue) ?§|(?<!docs\/|\.)\b(?:api|resources|screens|toolchain|console-spec|resource-catalogue|plugin-host-anchors)\.md|routes\.json|\.\.\/shared\/|(?<!RFC \d+ )§ ?\d/;
    const found = code.filter((file) => file !== 'tests/unit/docs-links.test.ts' && outside.test(read(file)));
    expect(found).toEqual([]);
  });
});
