// V8's compile hint on the first view's own files (build/system-register.mjs, docs/first-view.md#eager-compile-of-the-first-views-code):
// the entry's file, the preload ("whole") files and what they import statically carry it as their first line;
// a lazy file nobody preloads does not, and a file's name changes with the hint.
import { describe, expect, it } from 'vitest';
import { EAGER_COMPILE_HINT, rechunkToSystem } from '../../../build/system-register.mjs';

const dir = '/virtual/out';
const files = new Map([
  [
    `${dir}/entry.js`,
    `import { shared } from './shared.js';
export const run = () => shared() + 1;
export const openPreloaded = () => import('./preloaded.js');
export const openLazy = () => import('./lazy.js');`,
  ],
  [`${dir}/shared.js`, `export const shared = () => 41;`],
  [`${dir}/helper.js`, `export const helper = (n) => n * 2;`],
  [
    `${dir}/preloaded.js`,
    `import { helper } from './helper.js';
export const page = () => helper(2);`,
  ],
  [`${dir}/lazy.js`, `export const rare = () => 'rare';`],
]);

const build = (eager: boolean) =>
  rechunkToSystem(files, `${dir}/entry.js`, 'entry', [`${dir}/preloaded.js`], eager);

describe('the eager compile hint of the first view', () => {
  it("starts the entry's and the preload modules' files with the hint, not a lazy file's", async () => {
    const chunks = await build(true);
    const holding = (source: string) => chunks.find((c) => c.modules.includes(`${dir}/${source}`));
    for (const source of ['entry.js', 'shared.js', 'preloaded.js', 'helper.js'])
      expect(holding(source)?.code.startsWith(EAGER_COMPILE_HINT), source).toBe(true);
    expect(holding('lazy.js')?.code.startsWith('System.register(')).toBe(true);
    expect(EAGER_COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });

  it('leaves every file without the hint when not asked, under other names', async () => {
    const plain = await build(false);
    const eager = await build(true);
    expect(plain.every((c) => c.code.startsWith('System.register('))).toBe(true);
    const entryOf = (list: typeof plain) => list.find((c) => c.isEntry)?.fileName;
    expect(entryOf(plain)).not.toBe(entryOf(eager));
  });
});
