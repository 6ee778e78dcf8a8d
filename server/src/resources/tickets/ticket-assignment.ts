import type { RequestContext, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { BUILTIN_ROLE_IDS } from '../../rbac/builtin-roles';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { levelAssignees, namedForLevel, superAdminPeople, withoutApplicant, type Person } from './assignees';
import { storedRules, type StoredRule } from './flow-rules';
import { unscopedContext } from './internal-context';
import { FLOW, TICKET } from './names';

/**
 * Who decides a ticket is worked out when it is decided, not when it was opened (docs/security.md
 * "Requests, tickets and data"): the flow in force for the ticket's org and type names the people of
 * each level at that moment. Someone demoted, disabled or removed from the org since the ticket opened
 * can no longer approve it; someone promoted since can.
 */

/** The flow in force for an org and ticket type: the org's own, else Root's global one (docs/tickets.md#opening). */
export async function flowFor(
  resources: ResourceDirectory,
  ctx: RequestContext,
  orgId: string,
  type: string,
): Promise<StoredRow | null> {
  const flows = resources.get(FLOW);
  const all = unscopedContext(ctx);
  const of = async (org: string) =>
    (
      await flows.find(
        {
          allOf: [
            { field: 'org_id', op: 'eq', value: org },
            { field: 'type', op: 'eq', value: type },
          ],
        },
        all,
      )
    )[0] ?? null;
  return (await of(orgId)) ?? (await of(ROOT_ORG_ID));
}

/** The rule of `level` (1-based) in the flow now in force for the ticket; null when it has none. */
async function ruleOf(
  resources: ResourceDirectory,
  ctx: RequestContext,
  ticket: StoredRow,
  level: number,
): Promise<StoredRule | null> {
  const flow = await flowFor(resources, ctx, String(ticket.org_id ?? ''), String(ticket.type ?? ''));
  return storedRules(flow)[level - 1] ?? null;
}

/** The people who may decide `level` of the ticket now. */
export async function stepDeciders(
  resources: ResourceDirectory,
  ctx: RequestContext,
  ticket: StoredRow,
  level: number,
): Promise<Person[]> {
  return levelAssignees(
    resources,
    ctx,
    await ruleOf(resources, ctx, ticket, level),
    String(ticket.org_id ?? ''),
    String(ticket.applicant ?? ''),
  );
}

/** Whether any rule could name the user: super admin, an org's admin, or one of a flow's own users. */
async function mayBeNamed(
  resources: ResourceDirectory,
  ctx: RequestContext,
  userId: string,
): Promise<boolean> {
  const all = unscopedContext(ctx);
  const bindings = await resources
    .get('rbac.rolebinding')
    .find({ field: 'user', op: 'eq', value: userId }, all);
  const roles = bindings.map((binding) => String(binding.role));
  if (roles.includes(BUILTIN_ROLE_IDS.SystemAdmin) || roles.includes(BUILTIN_ROLE_IDS.OrgAdmin)) return true;
  const flows = await resources.get(FLOW).find(null, all);
  return flows.some((flow) => storedRules(flow).some((rule) => rule.assignees.includes(userId)));
}

/**
 * Open tickets whose current level `userId` may decide now: "assigned to me" (`assignees__id`, the
 * navbar badge) and part of who sees a ticket. One read of the open tickets; each (org, type, level) is
 * resolved once. Someone no rule can name (most users) costs two small reads.
 */
export async function ticketsAwaiting(
  resources: ResourceDirectory,
  ctx: RequestContext,
  userId: string,
): Promise<string[]> {
  if (!(await mayBeNamed(resources, ctx, userId))) return [];
  const open = await resources
    .get(TICKET)
    .find({ field: 'status', op: 'eq', value: 'open' }, unscopedContext(ctx));
  if (open.length === 0) return [];
  const superAdmins = await superAdminPeople(resources, ctx);
  const named = new Map<string, Person[]>();
  const awaiting: string[] = [];
  for (const ticket of open) {
    const level = Number(ticket.approval_step) || 1;
    const orgId = String(ticket.org_id ?? '');
    const key = `${orgId} ${String(ticket.type)} ${level}`;
    let people = named.get(key);
    if (!people) {
      people = await namedForLevel(resources, ctx, await ruleOf(resources, ctx, ticket, level), orgId);
      named.set(key, people);
    }
    const deciders = withoutApplicant(people, superAdmins, String(ticket.applicant ?? ''));
    if (deciders.some((person) => person.id === userId)) awaiting.push(String(ticket.id));
  }
  return awaiting;
}
