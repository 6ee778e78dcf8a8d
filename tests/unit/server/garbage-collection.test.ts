import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { scavengeOnMainThread } from '../../../server/src/cluster/garbage-collection';

describe('scavenges on the main thread (docs/data-layer.md#the-tail-of-one-process)', () => {
  it('keeps a scavenge flag the operator gave, on the command line or in NODE_OPTIONS', () => {
    expect(scavengeOnMainThread(['--parallel-scavenge'], '')).toBe(false);
    expect(scavengeOnMainThread(['--no-parallel-scavenge'], '')).toBe(false);
    expect(scavengeOnMainThread([], '--max-old-space-size=512 --parallel_scavenge')).toBe(false);
    expect(scavengeOnMainThread(['--max-semi-space-size=32'], '--inspect')).toBe(true);
  });

  it('takes effect when set at run time, and survives full collections', () => {
    // The flag as the server sets it, in a fresh node: its scavenges then have no background part.
    const script = `require('v8').setFlagsFromString('--no-parallel-scavenge');
      let old = [], young = [];
      for (let i = 0; i < 3e6; i++) { young.push({ i, s: 'x' + i }); if (young.length > 20000) { if (i % 3 === 0) old.push(young); young = []; } if (old.length > 40) old = []; }
      global.gc(); console.log('done');`;
    const run = spawnSync(process.execPath, ['--expose-gc', '--trace-gc-nvp', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('done');
    const background = [...run.stdout.matchAll(/background\.scavenge\.parallel=([\d.]+)/g)].map((m) =>
      Number(m[1]),
    );
    expect(background.length).toBeGreaterThan(10);
    expect(background.every((ms) => ms === 0)).toBe(true);
  });
});
