import type { PluginFault } from '../../../sdk/src/plugin/manifest';

export const FAULT_KINDS = [
  'not-found',
  'network',
  'integrity',
  'evaluation',
  'invalid-module',
  'incompatible',
  'timeout',
  'render',
] as const;

const KEEP = 200;
const WINDOW_MS = 60_000;
const PER_USER_PER_WINDOW = 30;

/**
 * The recent browser-side plugin faults, in memory (the server log holds them all): enough for the admin
 * "Plugins" page without a table. Each user may report a bounded number per minute, so a broken plugin in
 * many tabs, or a script, cannot flood the log.
 */
export class PluginFaultLog {
  private readonly faults: PluginFault[] = [];
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** False when this user has reported too much within the last minute. */
  allow(userId: string, now = Date.now()): boolean {
    const window = this.windows.get(userId);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(userId, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= PER_USER_PER_WINDOW;
  }

  record(fault: PluginFault): void {
    this.faults.unshift(fault);
    this.faults.length = Math.min(this.faults.length, KEEP);
  }

  /** Newest first. */
  recent(): readonly PluginFault[] {
    return this.faults;
  }
}
