import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { accessKeyBinding } from '../auth/signature-auth';
import { sealSecret } from '../auth/secret-box';
import { insertAccessKey } from '../data/stores/access-keys';
import type { RequestContext } from '../engine/declaration';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { ApiError, ResponseError, permissionDenied } from '../http/api-error';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { allows } from '../rbac/authorize';
import { callingComponent } from '../resources/terminal/component-of';
import { TERMINAL_TASK, TERMINAL_TERMINAL } from '../resources/terminal/names';
import { COMPONENT_TYPES } from '../resources/terminal/terminals';
import { createUser } from '../users/create-user';
import { aliveUntil } from '../resources/terminal/load-status';
import { heartbeatInterval, registrationAllowed, terminalConfig } from './terminal-config';

export const REGISTRATION_URLS = [
  '/api/v1/terminal/terminal-registrations/',
  '/api/v1/terminal/registration/',
] as const;
/** The heartbeat: v2.21's `status/`, and `terminals/status/` where KoKo posts it. */
export const HEARTBEAT_URLS = ['/api/v1/terminal/status/', '/api/v1/terminal/terminals/status/'] as const;
export const CONFIG_URL = '/api/v1/terminal/terminals/config/';

/** Internal writes of the registration (no requester yet): Root, every check passed by the token. */
const systemContext = (): RequestContext => ({
  userId: '',
  username: 'System',
  orgId: ROOT_ORG_ID,
  perms: new Set(),
  isSystemAdmin: true,
  language: 'en',
  query: {},
});

function tokenMatches(request: FastifyRequest, expected: string | null | undefined): boolean {
  if (!expected) return false;
  const header = request.headers.authorization ?? '';
  const match = /^BootstrapToken\s+(\S+)$/.exec(header);
  if (!match) return false;
  const given = crypto
    .createHash('sha256')
    .update(match[1] ?? '')
    .digest();
  return crypto.timingSafeEqual(given, crypto.createHash('sha256').update(expected).digest());
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The terminal-component API (docs/terminal.md): registration with the bootstrap token, the heartbeat
 * with load figures (answered with the component's pending tasks) and the component config.
 */
export function registerComponentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const terminals = registry.resource(TERMINAL_TERMINAL);
  const tasks = registry.resource(TERMINAL_TASK);

  for (const url of REGISTRATION_URLS)
    app.post(url, async (request, reply) => {
      if (!tokenMatches(request, ctx.config.bootstrapToken))
        throw new ApiError(401, 'Invalid bootstrap token.', 'authentication_failed');
      if (!(await registrationAllowed(ctx)))
        throw new ApiError(403, 'Service account registration is disabled.', 'permission_denied');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const system = systemContext();
      const type = typeof body.type === 'string' ? body.type : 'koko';
      if (!COMPONENT_TYPES.some((entry) => entry.value === type))
        throw new ResponseError(400, { type: [`"${type}" is not a valid choice.`] });
      // Validates the name (required, unique, ≤ 128) before anything else is made.
      const terminal = await terminals.create({ name: body.name, comment: body.comment ?? '' }, system);
      const random = crypto.randomBytes(3).toString('hex');
      const username = `${String(terminal.name).slice(0, 100)}-${random}`;
      let user;
      try {
        user = await createUser(
          { db: ctx.db, resources: registry },
          {
            username,
            name: `[${type}]-${String(terminal.name)}`.slice(0, 128),
            email: `${random}-${crypto.randomUUID()}@serviceaccount.local`,
            password: null,
            systemRoles: ['SystemComponent'],
            orgRoles: [],
            comment: String(body.comment ?? ''),
            createdBy: 'System',
          },
        );
      } catch (error) {
        await terminals.delete(String(terminal.id), system);
        throw error;
      }
      await registry.resource('users.user').setColumns(user.id, { is_service_account: true });
      await terminals.setColumns(String(terminal.id), {
        type,
        user_id: user.id,
        is_accepted: true,
        is_active: true,
        remote_addr: request.ip,
        date_heartbeat: 0,
      });
      const keyId = crypto.randomUUID();
      const secret = crypto.randomUUID();
      await insertAccessKey(ctx.db, {
        id: keyId,
        userId: user.id,
        secretSealed: sealSecret(ctx.config.dataDir, accessKeyBinding(keyId), secret),
        isActive: true,
        dateCreated: Date.now(),
      });
      const stored = (await terminals.get(String(terminal.id), system))!;
      // The one time the component's secret leaves the server.
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({
          ...(await terminals.serialize(stored, system)),
          service_account: { id: user.id, name: user.name, access_key: { id: keyId, secret } },
        });
    });

  for (const url of HEARTBEAT_URLS)
    app.post(url, async (request, reply) => {
      const rctx = await requestContext(ctx.db, request);
      const component = await callingComponent(rctx, registry);
      if (!component) throw permissionDenied();
      const body = (request.body ?? {}) as Record<string, unknown>;
      const sessions = Array.isArray(body.sessions)
        ? body.sessions.filter((id) => typeof id === 'string')
        : [];
      const now = Date.now();
      const stat = {
        id: crypto.randomUUID(),
        cpu_load: num(body.cpu_load),
        memory_used: num(body.memory_used),
        disk_used: num(body.disk_used),
        session_online: Number.isInteger(body.session_online) ? num(body.session_online) : sessions.length,
        date_created: new Date(now).toISOString(),
        terminal: component.id,
      };
      await terminals.setColumns(String(component.id), {
        stat,
        date_heartbeat: now,
        date_alive_until: aliveUntil(now, await heartbeatInterval(ctx)),
      });
      const pending = await tasks.find(
        { field: 'is_finished', op: 'eq', value: 0 },
        { ...rctx, orgId: ROOT_ORG_ID },
      );
      return reply.code(201).send(await tasks.serializeMany(pending, rctx));
    });

  app.get('/api/v1/terminal/terminals/:id/status/', async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, ['terminal.view_terminal'])) throw permissionDenied();
    const { id } = request.params as { id: string };
    const terminal = await terminals.get(id, rctx).catch(() => null);
    if (!terminal) throw new ApiError(404, 'Not found.', 'not_found');
    return terminal.stat ?? {};
  });

  app.get(CONFIG_URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, ['terminal.view_terminalconfig'])) throw permissionDenied();
    return terminalConfig(ctx, registry, await callingComponent(rctx, registry));
  });
}
