import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { relayWorkerNotifications } from '../data/sqlite/worker-notifications';

/**
 * `BASTION_WORKERS`: how many server processes share the listening port (docs/data-layer.md#several-workers-on-one-sqlite-file).
 * Unset or 1 = one process, as always; `auto` = one per core the machine offers.
 */
export function parseWorkers(value: string | undefined, cores = os.availableParallelism()): number {
  if (value === undefined || value.trim() === '') return 1;
  if (value.trim() === 'auto') return Math.max(1, cores);
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    throw new Error(`BASTION_WORKERS must be "auto" or an integer between 1 and 64, got "${value}"`);
  return count;
}

/** A worker that dies this soon after the previous restart waits longer before the next (a crash loop). */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

export interface PrimaryHooks {
  /** Called once every worker listens (the first time): prints the address and the admin password. */
  onListening(port: number): void;
  /** Written to stderr: a worker's death and its restart. */
  warn(message: string): void;
}

/**
 * The cluster's primary: the caller has migrated and seeded the database already (once, before any
 * worker starts). Forks `count` workers running this same entry point, relays their notifications, and
 * restarts a worker that dies — unless it died before it ever listened (a configuration the workers
 * cannot start with: the primary stops rather than restarting it forever). SIGINT/SIGTERM stop the
 * workers, then the primary. Resolves with the exit code once every worker is gone for good.
 */
export function runPrimary(count: number, hooks: PrimaryHooks): Promise<number> {
  relayWorkerNotifications();
  const listening = new Set<Worker>();
  let announced = false;
  let stopping = false;
  let exitCode = 0;
  let restartDelay = 500;
  let lastRestart = 0;

  const fork = (): void => {
    const worker = cluster.fork();
    worker.on('listening', (address) => {
      listening.add(worker);
      if (!announced && listening.size === count) {
        announced = true;
        hooks.onListening(address.port);
      }
    });
  };

  return new Promise((resolve) => {
    const stop = (code: number): void => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
    };
    cluster.on('exit', (worker, code, signal) => {
      const hadListened = listening.delete(worker);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
        return;
      }
      if (!hadListened) {
        hooks.warn(`a worker stopped before it listened (exit ${code ?? signal}): stopping`);
        stop(1);
        return;
      }
      const now = Date.now();
      restartDelay =
        now - lastRestart < QUICK_DEATH_MS ? Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS) : 500;
      lastRestart = now;
      hooks.warn(
        `worker ${worker.process.pid} died (${signal ?? `exit ${code}`}); restarting it in ${restartDelay} ms`,
      );
      setTimeout(() => {
        if (!stopping) fork();
      }, restartDelay);
    });
    process.once('SIGINT', () => stop(0));
    process.once('SIGTERM', () => stop(0));
    for (let i = 0; i < count; i += 1) fork();
  });
}
