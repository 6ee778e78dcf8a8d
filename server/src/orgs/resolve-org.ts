import type { FastifyRequest } from 'fastify';
import type { Database } from '../data/database';
import { ApiError } from '../http/api-error';
import { BUILTIN_ROLE_IDS } from '../rbac/builtin-roles';
import type { UserAccess } from '../rbac/user-permissions';
import { findOrgById, listOrgs } from '../data/stores/orgs';
import { DEFAULT_ORG_ID, ROOT_ORG_ID, ROOT_ORG_NAME } from './org-ids';

/** The organization a request acts in, with the user's permissions there. */
export interface OrgContext {
  id: string;
  name: string;
  comment: string;
  isRoot: boolean;
  isDefault: boolean;
  perms: ReadonlySet<string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const orgForbidden = (): ApiError =>
  new ApiError(403, 'The organization does not exist or you have no access to it.', 'org_forbidden');

function firstString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/**
 * `?oid=` → header X-JMS-ORG → cookie X-JMS-ORG (docs/organizations.md#which-organization-a-request-acts-in); undefined when none is sent. A signed
 * request (access key) names its org only in what it signed — the target or the header — never by cookie.
 */
function requestedOrg(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const cookie = request.auth?.via === 'signature' ? undefined : request.cookies['X-JMS-ORG'];
  return firstString(query?.oid) ?? firstString(request.headers['x-jms-org']) ?? firstString(cookie);
}

/**
 * May the user act in this (stored) org: a member, holding a console/audit view there via system roles, or a
 * terminal component (it carries the sessions of every org, docs/terminal.md).
 */
function mayUse(access: UserAccess, orgId: string): boolean {
  if (access.isMemberOf(orgId)) return true;
  if (access.systemRoleIds().includes(BUILTIN_ROLE_IDS.SystemComponent)) return true;
  const perms = access.permissionsIn(orgId);
  return perms.has('rbac.view_console') || perms.has('rbac.view_audit');
}

/**
 * Resolves the current org. Unlike v2.21 (docs/security-history.md, design weakness 11) a requested org is
 * never swapped silently: a malformed value is a 400, names are not accepted, and an unknown org or one the
 * user may not use is a 403 `org_forbidden`. Without any request value the Default org is used, or the user's
 * first org when the user has no access to Default.
 */
export async function resolveRequestOrg(
  db: Database,
  request: FastifyRequest,
  access: UserAccess,
): Promise<OrgContext> {
  const raw = requestedOrg(request);
  if (raw === undefined) return implicitOrg(db, access);
  const value = raw.trim().toLowerCase();
  const id = value === 'default' ? DEFAULT_ORG_ID : value === 'root' ? ROOT_ORG_ID : value;
  if (!UUID.test(id)) throw new ApiError(400, 'The organization id is not a valid UUID.', 'invalid_org');
  if (id === ROOT_ORG_ID) {
    const perms = access.permissionsIn(ROOT_ORG_ID);
    if (!perms.has('orgs.view_rootorg')) throw orgForbidden();
    return { id, name: ROOT_ORG_NAME, comment: '', isRoot: true, isDefault: false, perms };
  }
  const org = await findOrgById(db, id);
  if (!org || !mayUse(access, org.id)) throw orgForbidden();
  return { ...org, isRoot: false, isDefault: org.id === DEFAULT_ORG_ID, perms: access.permissionsIn(org.id) };
}

async function implicitOrg(db: Database, access: UserAccess): Promise<OrgContext> {
  const orgs = await listOrgs(db);
  const chosen =
    orgs.find((org) => org.id === DEFAULT_ORG_ID && mayUse(access, org.id)) ??
    orgs.find((org) => mayUse(access, org.id)) ??
    orgs.find((org) => org.id === DEFAULT_ORG_ID);
  if (!chosen) throw new Error('the Default organization is missing');
  return {
    ...chosen,
    isRoot: false,
    isDefault: chosen.id === DEFAULT_ORG_ID,
    perms: access.permissionsIn(chosen.id),
  };
}
