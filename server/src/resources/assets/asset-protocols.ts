/**
 * Asset protocols (docs/resources.md#assets): a list of `name/port` strings, name ∈ ssh, rdp, telnet, vnc,
 * 1–4 entries without duplicate names. The legacy `protocol`/`port` pair mirrors the first entry.
 */
export const PROTOCOL_NAMES = ['ssh', 'rdp', 'telnet', 'vnc'] as const;
export type ProtocolName = (typeof PROTOCOL_NAMES)[number];

export const DEFAULT_PORTS: Readonly<Record<ProtocolName, number>> = {
  ssh: 22,
  rdp: 3389,
  telnet: 23,
  vnc: 5900,
};

export type ProtocolsResult = { ok: true; protocols: string[] } | { ok: false; problem: 'format' | 'count' };

/** Accepts an array or the stored space-separated string (import cells arrive as either). */
export function parseProtocols(value: unknown): ProtocolsResult {
  const items =
    typeof value === 'string'
      ? value.split(/[\s,]+/).filter((item) => item !== '')
      : Array.isArray(value)
        ? value
        : null;
  if (items === null) return { ok: false, problem: 'format' };
  const protocols: string[] = [];
  const names = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'string') return { ok: false, problem: 'format' };
    const match = /^(ssh|rdp|telnet|vnc)\/(\d{1,5})$/.exec(item.trim().toLowerCase());
    const port = Number(match?.[2]);
    if (!match?.[1] || port < 1 || port > 65535) return { ok: false, problem: 'format' };
    if (names.has(match[1])) return { ok: false, problem: 'count' };
    names.add(match[1]);
    protocols.push(`${match[1]}/${port}`);
  }
  if (protocols.length < 1 || protocols.length > 4) return { ok: false, problem: 'count' };
  return { ok: true, protocols };
}

/** Stored form: one space-separated string (v2.21 Asset.protocols). */
export function storeProtocols(protocols: readonly string[]): string {
  return protocols.join(' ');
}

export function readProtocols(stored: unknown): string[] {
  if (Array.isArray(stored)) return stored.filter((item): item is string => typeof item === 'string');
  return typeof stored === 'string' ? stored.split(' ').filter((item) => item !== '') : [];
}
