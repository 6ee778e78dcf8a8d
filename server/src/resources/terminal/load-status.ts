/**
 * A component's load status from its latest heartbeat (docs/terminal.md#heartbeat-and-load): offline without a
 * heartbeat in the last two minutes, else the worst of its CPU load, memory and disk figures.
 */
export const ALIVE_WINDOW_MS = 120_000;

export type LoadStatus = 'critical' | 'high' | 'normal' | 'offline';

export interface Heartbeat {
  cpu_load: number;
  memory_used: number;
  disk_used: number;
  session_online: number;
}

/** [high, critical] thresholds: load average, memory percent, disk percent. */
const THRESHOLDS = { cpu_load: [1, 5], memory_used: [70, 85], disk_used: [60, 80] } as const;

export function isAlive(lastHeartbeat: unknown, now = Date.now()): boolean {
  const at = Number(lastHeartbeat);
  return Number.isFinite(at) && at > 0 && now - at <= ALIVE_WINDOW_MS;
}

export function loadStatus(stat: Heartbeat | null, lastHeartbeat: unknown, now = Date.now()): LoadStatus {
  if (!stat || !isAlive(lastHeartbeat, now)) return 'offline';
  let status: LoadStatus = 'normal';
  for (const key of Object.keys(THRESHOLDS) as (keyof typeof THRESHOLDS)[]) {
    const [high, critical] = THRESHOLDS[key];
    const value = Number(stat[key]) || 0;
    if (value > critical) return 'critical';
    if (value > high) status = 'high';
  }
  return status;
}
