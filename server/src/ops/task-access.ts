import type { StoredRow } from '../engine/declaration';
import type { AuthContext } from '../auth/session-auth';
import { holdsSystemAdmin } from '../rbac/authorize';

/** The permission that lets a user read other users' task logs in the task's organization. */
export const VIEW_TASK_LOGS = 'ops.view_adhocexecution';

/**
 * Who may read a task's log (unlike v2.21, docs/security-history.md, design weakness 1: any signed-in user,
 * by UUID): the user who started it, or a user holding `ops.view_adhocexecution` in the task's own
 * organization (OrgAdmin there), or a SystemAdmin. Nobody else learns whether the task exists.
 */
export function mayReadTaskLog(auth: AuthContext, run: StoredRow | null): boolean {
  if (!run) return false;
  if (typeof run.creator_id === 'string' && run.creator_id !== '' && run.creator_id === auth.user.id)
    return true;
  if (holdsSystemAdmin(auth.access)) return true;
  const orgId = typeof run.org_id === 'string' ? run.org_id : '';
  return orgId !== '' && auth.access.permissionsIn(orgId).has(VIEW_TASK_LOGS);
}
