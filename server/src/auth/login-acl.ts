import { BlockList, isIP } from 'node:net';
import type { RequestContext, ResourceDirectory, StoredRow } from '../engine/declaration';
import { ROOT_ORG_ID } from '../orgs/org-ids';

/** The engine's view for server-internal reads (no requester; every row). */
const SYSTEM_CONTEXT: RequestContext = {
  userId: '',
  username: 'System',
  orgId: ROOT_ORG_ID,
  perms: new Set(),
  isSystemAdmin: true,
  language: 'en',
};

/** Whether `ip` matches one of the `*` / address / CIDR / range rules (login ACLs, endpoint rules). */
export function ipMatches(ip: string, rules: unknown): boolean {
  if (!Array.isArray(rules)) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  for (const raw of rules) {
    const rule = String(raw).trim();
    if (rule === '*') return true;
    try {
      if (rule.includes('/')) {
        const [address = '', bits = '0'] = rule.split('/');
        list.addSubnet(address, Number(bits), isIP(address) === 4 ? 'ipv4' : 'ipv6');
      } else if (rule.includes('-')) {
        const [from = '', to = ''] = rule.split('-');
        list.addRange(from, to, isIP(from) === 4 ? 'ipv4' : 'ipv6');
      } else list.addAddress(rule, isIP(rule) === 4 ? 'ipv4' : 'ipv6');
    } catch {
      // A malformed stored rule matches nothing (the API validates rules on write).
    }
  }
  return list.check(ip, type);
}

/** Today's `HH:MM~HH:MM、…` ranges (server local time, weekday per `%w`); `00:00` as an end means 24:00. */
function timeMatches(periods: unknown, now: Date): boolean {
  if (!Array.isArray(periods) || periods.length === 0) return false;
  const today = periods.find((entry) => Number((entry as { id?: unknown }).id) === now.getDay()) as
    { value?: unknown } | undefined;
  const value = typeof today?.value === 'string' ? today.value : '';
  if (value === '') return false;
  const minutes = now.getHours() * 60 + now.getMinutes();
  const toMinutes = (text: string): number => {
    const [h = '0', m = '0'] = text.trim().split(':');
    return Number(h) * 60 + Number(m);
  };
  return value.split('、').some((range) => {
    const [from = '', to = ''] = range.split('~');
    const start = toMinutes(from);
    const end = to.trim() === '00:00' ? 24 * 60 : toMinutes(to);
    return minutes >= start && minutes < end;
  });
}

export type AclVerdict = { action: 'allow' | 'reject' | 'confirm'; name: string } | null;

/**
 * docs/auth.md#login-acls: the user's active ACLs by priority (lower first), then newest, then name; the
 * first whose ip_group and time_period both match decides. No match (or no ACL) → null, i.e. the login
 * proceeds. A `confirm` ACL without reviewers is skipped, as in v2.21.
 */
export async function loginAclVerdict(
  resources: ResourceDirectory,
  userId: string,
  ip: string,
  now = new Date(),
): Promise<AclVerdict> {
  if (!resources.has('acls.loginacl')) return null;
  const acls = resources.get('acls.loginacl');
  const rows = (
    await acls.find(
      {
        allOf: [
          { field: 'user', op: 'eq', value: userId },
          { field: 'is_active', op: 'eq', value: 1 },
        ],
      },
      SYSTEM_CONTEXT,
    )
  ).sort(
    (a: StoredRow, b: StoredRow) =>
      Number(a.priority) - Number(b.priority) ||
      Number(b.date_updated) - Number(a.date_updated) ||
      String(a.name).localeCompare(String(b.name)),
  );
  for (const acl of rows) {
    if (acl.action === 'confirm' && (await acls.linked('reviewers', String(acl.id))).length === 0) continue;
    const rules = (acl.rules ?? {}) as { ip_group?: unknown; time_period?: unknown };
    if (ipMatches(ip, rules.ip_group) && timeMatches(rules.time_period, now))
      return { action: acl.action as 'allow' | 'reject' | 'confirm', name: String(acl.name) };
  }
  return null;
}
