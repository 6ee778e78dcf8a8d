import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerOwnList } from '../engine/own-list';
import type { ResourceRegistry } from '../engine/runtime';
import { AUDIT_LOGIN_LOG } from '../resources/audits/names';

export const MY_LOGIN_LOGS_URL = '/api/v1/audits/my-login-logs/';

/** The caller's own sign-ins (the workbench's "recent logins", docs/audit.md#login-logs). */
export function registerMyLoginLogRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  registerOwnList(app, ctx, registry, {
    url: MY_LOGIN_LOGS_URL,
    resource: AUDIT_LOGIN_LOG,
    userField: 'user_id',
    params: ['search', 'ip', 'status', 'type', 'date_from', 'date_to', 'order', 'limit', 'offset'],
  });
}
