import type { Condition } from '../../data/conditions';
import type { RequestContext, ResourceDirectory } from '../../engine/declaration';
import { userDisplayText } from '../../engine/fk-display';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { BUILTIN_ROLE_IDS } from '../../rbac/builtin-roles';
import type { Strategy } from './ticket-choices';

/** A user as ticket steps and flow rules show them: id and "Name(username)". */
export interface Person {
  id: string;
  display: string;
}

/** The part of a flow rule that decides who approves. */
export interface AssigneeRule {
  strategy: Strategy;
  /** Only meaningful for `custom_user`. */
  assignees: readonly string[];
}

const acrossOrgs = (ctx: RequestContext): RequestContext => ({ ...ctx, orgId: ROOT_ORG_ID });

/** Users bound to a role: system-wide (orgId null) or in one org. */
async function holdersOf(
  resources: ResourceDirectory,
  ctx: RequestContext,
  roleId: string,
  orgId: string | null,
): Promise<string[]> {
  const where: Condition = {
    allOf: [
      { field: 'role', op: 'eq', value: roleId },
      orgId === null
        ? { field: 'scope', op: 'eq', value: 'system' }
        : { field: 'org', op: 'eq', value: orgId },
    ],
  };
  return (await resources.get('rbac.rolebinding').find(where, acrossOrgs(ctx))).map((binding) =>
    String(binding.user),
  );
}

/**
 * The people behind these ids, in username order. `activeOnly` drops disabled accounts (they cannot
 * sign in to approve); service accounts are never people (users.user's scope).
 */
export async function peopleOf(
  resources: ResourceDirectory,
  ctx: RequestContext,
  ids: readonly string[],
  activeOnly: boolean,
): Promise<Person[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const where: Condition = activeOnly
    ? {
        allOf: [
          { field: 'id', op: 'in', values: unique },
          { field: 'is_active', op: 'eq', value: 1 },
        ],
      }
    : { field: 'id', op: 'in', values: unique };
  return (await resources.get('users.user').find(where, acrossOrgs(ctx)))
    .sort((a, b) => String(a.username).localeCompare(String(b.username)))
    .map((user) => ({ id: String(user.id), display: userDisplayText(user) }));
}

/** Users among `ids` bound to any role in the org (its members). */
async function membersAmong(
  resources: ResourceDirectory,
  ctx: RequestContext,
  ids: readonly string[],
  orgId: string,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const where: Condition = {
    allOf: [
      { field: 'user', op: 'in', values: [...ids] },
      { field: 'org', op: 'eq', value: orgId },
    ],
  };
  const bindings = await resources.get('rbac.rolebinding').find(where, acrossOrgs(ctx));
  return new Set(bindings.map((binding) => String(binding.user)));
}

/** Holders of the SystemAdmin role (v2.21's superusers). */
export const superAdminIds = (resources: ResourceDirectory, ctx: RequestContext): Promise<string[]> =>
  holdersOf(resources, ctx, BUILTIN_ROLE_IDS.SystemAdmin, null);

/**
 * Who a rule names for a ticket of `orgId` (docs/tickets.md#flows): SystemAdmin holders, the org's OrgAdmins,
 * both, or the rule's own users. In Root (a global flow seen from Root) there are no org admins.
 */
export async function assigneeIds(
  resources: ResourceDirectory,
  ctx: RequestContext,
  rule: AssigneeRule,
  orgId: string,
): Promise<string[]> {
  const superAdmins = () => superAdminIds(resources, ctx);
  const orgAdmins = async () =>
    orgId === ROOT_ORG_ID ? [] : holdersOf(resources, ctx, BUILTIN_ROLE_IDS.OrgAdmin, orgId);
  switch (rule.strategy) {
    case 'super_admin':
      return superAdmins();
    case 'org_admin':
      return orgAdmins();
    case 'super_org_admin':
      return [...(await superAdmins()), ...(await orgAdmins())];
    case 'custom_user':
      return [...rule.assignees];
  }
}

/** The active people a rule names for a ticket of `orgId`. */
export async function resolveAssignees(
  resources: ResourceDirectory,
  ctx: RequestContext,
  rule: AssigneeRule,
  orgId: string,
): Promise<Person[]> {
  return peopleOf(resources, ctx, await assigneeIds(resources, ctx, rule, orgId), true);
}

/**
 * The people a level's rule names for a ticket of `orgId`, now: active people only, and a rule's own
 * users only while they are members of the org or super admins (a user removed from the org no longer
 * decides on its requests).
 */
export async function namedForLevel(
  resources: ResourceDirectory,
  ctx: RequestContext,
  rule: AssigneeRule | null,
  orgId: string,
): Promise<Person[]> {
  if (!rule) return [];
  const named = await resolveAssignees(resources, ctx, rule, orgId);
  if (rule.strategy !== 'custom_user' || orgId === ROOT_ORG_ID) return named;
  const members = await membersAmong(
    resources,
    ctx,
    named.map((person) => person.id),
    orgId,
  );
  const admins = new Set(await superAdminIds(resources, ctx));
  return named.filter((person) => members.has(person.id) || admins.has(person.id));
}

/**
 * The deciders of a level among `named`: never the applicant — nobody approves their own request — and,
 * when that leaves nobody, the super admins (`superAdmins`, active people), the applicant still excluded.
 */
export function withoutApplicant(
  named: readonly Person[],
  superAdmins: readonly Person[],
  applicantId: string,
): Person[] {
  const others = named.filter((person) => person.id !== applicantId);
  return others.length > 0 ? others : superAdmins.filter((person) => person.id !== applicantId);
}

/** The active super admins, as people. */
export const superAdminPeople = async (
  resources: ResourceDirectory,
  ctx: RequestContext,
): Promise<Person[]> => peopleOf(resources, ctx, await superAdminIds(resources, ctx), true);

/**
 * Who may decide one approval level of a ticket, now (docs/security.md): `namedForLevel`, then
 * `withoutApplicant`. A level the flow no longer has (`rule` null) falls to the super admins.
 */
export async function levelAssignees(
  resources: ResourceDirectory,
  ctx: RequestContext,
  rule: AssigneeRule | null,
  orgId: string,
  applicantId: string,
): Promise<Person[]> {
  return withoutApplicant(
    await namedForLevel(resources, ctx, rule, orgId),
    await superAdminPeople(resources, ctx),
    applicantId,
  );
}
