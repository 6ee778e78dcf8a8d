// Approval flows (docs/tickets.md#flows): the assignee rule of each level, as read from and sent to the
// server.
import { idOf } from './idOf';

export const FLOW_STRATEGIES = ['super_admin', 'org_admin', 'super_org_admin', 'custom_user'] as const;
export type FlowStrategy = (typeof FLOW_STRATEGIES)[number];

export interface FlowRule {
  strategy: string;
  assignees: string[];
}

/**
 * Rules of a flow from the server, one per level (`assignees` is write-only: read `assignees_read_only`).
 * A missing rule or strategy reads as `super_admin`, the server's default.
 */
export function normalizeRules(value: unknown, level: number): FlowRule[] {
  const list = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const out: FlowRule[] = [];
  for (let i = 0; i < Math.max(1, level); i += 1) {
    const rule = list[i] ?? {};
    const strategy = rule.strategy;
    const s =
      strategy && typeof strategy === 'object' && 'value' in strategy
        ? String((strategy as { value: unknown }).value)
        : typeof strategy === 'string' && strategy
          ? strategy
          : 'super_admin';
    const assignees = Array.isArray(rule.assignees)
      ? rule.assignees
      : Array.isArray(rule.assignees_read_only)
        ? rule.assignees_read_only
        : [];
    out.push({ strategy: s, assignees: assignees.map((a) => idOf(a) ?? '').filter(Boolean) });
  }
  return out;
}

/** What is sent: one rule per level, custom users only with the custom strategy. */
export function rulesBody(value: unknown, level: number): FlowRule[] {
  return normalizeRules(value, level).map((r) => ({
    strategy: r.strategy,
    assignees: r.strategy === 'custom_user' ? r.assignees : [],
  }));
}

/** A flow has one or two approval levels; anything but 2 (bare or as a choice `{value}`) is 1. */
export function levelOf(value: unknown): number {
  const n = Number(value && typeof value === 'object' && 'value' in value ? value.value : value);
  return n === 2 ? 2 : 1;
}
