import v8 from 'node:v8';

/**
 * The young-generation collector of a serving process runs on the main thread alone
 * (docs/data-layer.md#the-tail-of-one-process).
 *
 * V8 scavenges (collects the young generation, every 50–100 ms under load) with helper threads by default
 * and the main thread waits for them. On a server whose cores are all busy — two cores shared with the
 * load, PostgreSQL, another worker — the helpers wait for a core, and a 2 ms scavenge became a 30–120 ms
 * pause that every request in flight waited out: measured with `monitorEventLoopDelay` and GC performance
 * entries under `npm run bench:api`, it made the 95th percentile 2.5 times the mean. Alone on the main
 * thread a scavenge costs the same CPU and never waits for a core it does not hold.
 *
 * Set at run time (the flag is read at each scavenge): `npm start` and the CLI need no NODE_OPTIONS, and
 * the workers of BASTION_WORKERS run this too. An operator who wants the helpers back starts node with
 * `--parallel-scavenge` (kept as given). Only this flag: `--single-threaded-gc` set at run time makes V8
 * abort at the next full collection.
 */
export function scavengeOnMainThread(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) =>
    /^--(no-)?parallel[-_]scavenge\b/.test(flag),
  );
  if (given) return false;
  v8.setFlagsFromString('--no-parallel-scavenge');
  return true;
}
