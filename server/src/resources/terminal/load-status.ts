/**
 * A component's load status from its latest heartbeat (docs/terminal.md#heartbeat-and-load): offline once
 * the time its heartbeat promised has passed, else the worst of its CPU load, memory and disk figures.
 */

/**
 * Heartbeats a component may miss before it counts as offline: each heartbeat keeps it alive for this many
 * of the `TERMINAL_HEARTBEAT_INTERVAL` in force when it came (docs/terminal-settings.md#heartbeat).
 */
export const MISSED_BEATS = 4;

export const aliveUntil = (now: number, intervalSeconds: number): number =>
  now + MISSED_BEATS * intervalSeconds * 1000;

export type LoadStatus = 'critical' | 'high' | 'normal' | 'offline';

export interface Heartbeat {
  cpu_load: number;
  memory_used: number;
  disk_used: number;
  session_online: number;
}

/** [high, critical] thresholds: load average, memory percent, disk percent. */
const THRESHOLDS = { cpu_load: [1, 5], memory_used: [70, 85], disk_used: [60, 80] } as const;

/** `until`: the deadline the last heartbeat set (epoch ms; 0 = never heard of). */
export function isAlive(until: unknown, now = Date.now()): boolean {
  const at = Number(until);
  return Number.isFinite(at) && at > 0 && now <= at;
}

export function loadStatus(stat: Heartbeat | null, until: unknown, now = Date.now()): LoadStatus {
  if (!stat || !isAlive(until, now)) return 'offline';
  let status: LoadStatus = 'normal';
  for (const key of Object.keys(THRESHOLDS) as (keyof typeof THRESHOLDS)[]) {
    const [high, critical] = THRESHOLDS[key];
    const value = Number(stat[key]) || 0;
    if (value > critical) return 'critical';
    if (value > high) status = 'high';
  }
  return status;
}
