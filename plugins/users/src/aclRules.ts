/** The `rules` object of a login ACL (docs/auth.md#login-acls). */
export interface AclRules {
  ip_group: string[];
  time_period: { id: number; value: string }[];
}

/** 0 = Sunday … 6 = Saturday (`%w`). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
export const ALL_DAY = '00:00~00:00';

export function defaultRules(): AclRules {
  return { ip_group: ['*'], time_period: [0, 1, 2, 3, 4, 5, 6].map((id) => ({ id, value: ALL_DAY })) };
}

export function normalizeRules(value: unknown): AclRules {
  const base = defaultRules();
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      v = null;
    }
  }
  if (!v || typeof v !== 'object') return base;
  const o = v as Partial<AclRules>;
  const periods = Array.isArray(o.time_period) ? o.time_period : base.time_period;
  return {
    ip_group: Array.isArray(o.ip_group) ? o.ip_group.map(String) : base.ip_group,
    time_period: base.time_period.map((d) => ({
      id: d.id,
      value: String(periods.find((p) => Number(p.id) === d.id)?.value ?? ''),
    })),
  };
}

const RANGE = /^([01]\d|2[0-3]):[0-5]\d~([01]\d|2[0-3]):[0-5]\d$/;

/** A day's text: empty, or ranges "HH:MM~HH:MM" separated by the ideographic comma 、 (or a plain comma). */
export function validPeriod(text: string): boolean {
  if (!text.trim()) return true;
  return text.split(/[、,]/).every((r) => RANGE.test(r.trim()));
}

/** The value sent: ranges joined with 、 as the server expects. */
export function cleanRules(rules: AclRules): AclRules {
  return {
    ip_group: rules.ip_group.length ? rules.ip_group : ['*'],
    time_period: rules.time_period.map((p) => ({
      id: p.id,
      value: p.value
        .split(/[、,]/)
        .map((r) => r.trim())
        .filter(Boolean)
        .join('、'),
    })),
  };
}
