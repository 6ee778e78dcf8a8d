import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStamp, inputsDigest, isUpToDate, writeStamp } from '../../../build/input-stamp.mjs';

let repo: string;
let dist: string;

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-stamp-'));
  dist = path.join(repo, 'dist');
  for (const dir of ['server/src', 'host/src', 'dist/server', 'dist/ui', 'node_modules/x'])
    fs.mkdirSync(path.join(repo, dir), { recursive: true });
  fs.writeFileSync(path.join(repo, 'server/src/main.ts'), 'export {};\n');
  fs.writeFileSync(path.join(repo, 'host/src/app.tsx'), 'export {};\n');
  fs.writeFileSync(path.join(repo, 'package-lock.json'), '{}\n');
  fs.writeFileSync(path.join(repo, 'dist/server/main.js'), '');
});

afterEach(() => {
  fs.rmSync(repo, { recursive: true, force: true });
});

describe('the build stamp behind npm start', () => {
  it('holds while nothing changed, even when files were touched or copied', () => {
    writeStamp(inputsDigest(repo), dist);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(repo, 'server/src/main.ts'), later, later);
    fs.writeFileSync(path.join(repo, 'node_modules/x/index.js'), 'not an input');
    expect(isUpToDate(inputsDigest(repo), dist)).toBe(true);
  });

  it('breaks on a changed, added or removed input, and on the lockfile', () => {
    const changes = [
      () => fs.appendFileSync(path.join(repo, 'host/src/app.tsx'), '// edit\n'),
      () => fs.writeFileSync(path.join(repo, 'server/src/new.ts'), 'export {};\n'),
      () => fs.rmSync(path.join(repo, 'host/src/app.tsx')),
      () => fs.writeFileSync(path.join(repo, 'package-lock.json'), '{"lockfileVersion":3}\n'),
    ];
    for (const change of changes) {
      writeStamp(inputsDigest(repo), dist);
      change();
      expect(isUpToDate(inputsDigest(repo), dist)).toBe(false);
    }
  });

  it('breaks when the build was cut short or its output is gone', () => {
    const digest = inputsDigest(repo);
    writeStamp(digest, dist);
    clearStamp(dist);
    expect(isUpToDate(digest, dist)).toBe(false);
    writeStamp(digest, dist);
    fs.rmSync(path.join(dist, 'ui'), { recursive: true });
    expect(isUpToDate(digest, dist)).toBe(false);
  });
});
