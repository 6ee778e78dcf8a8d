import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { ipMatches } from '../auth/login-acl';
import type { RequestContext, StoredRow } from '../engine/declaration';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import {
  DEFAULT_ENDPOINT,
  TERMINAL_ENDPOINT,
  TERMINAL_ENDPOINT_RULE,
  TERMINAL_SESSION,
} from '../resources/terminal/names';

export const SMART_ENDPOINT_URL = '/api/v1/terminal/endpoints/smart/';

/** The endpoint port that serves a protocol; protocols not listed go through the web ports. */
export const PORT_OF: Readonly<Record<string, string>> = {
  ssh: 'ssh_port',
  rdp: 'rdp_port',
  mysql: 'mysql_port',
  mariadb: 'mariadb_port',
  postgresql: 'postgresql_port',
  http: 'http_port',
  https: 'https_port',
};

/** Whether an endpoint serves `protocol` (a port of 0 switches it off there). */
const serves = (endpoint: StoredRow, protocol: string): boolean => {
  const field = PORT_OF[protocol];
  return !field || Number(endpoint[field]) > 0;
};

/**
 * The endpoint for a connection to `ip` over `protocol` (docs/terminal-settings.md#endpoint-rules): the
 * first active rule by priority whose IP group holds the address and whose endpoint serves the protocol;
 * otherwise the Default endpoint.
 */
export async function pickEndpoint(
  registry: ResourceRegistry,
  ip: string | null,
  protocol: string,
): Promise<StoredRow | null> {
  const root: RequestContext = {
    userId: '',
    username: 'System',
    orgId: ROOT_ORG_ID,
    perms: new Set(),
    isSystemAdmin: true,
    language: 'en',
  };
  const endpoints = registry.resource(TERMINAL_ENDPOINT);
  if (ip && isIP(ip) !== 0) {
    const rules = await registry
      .resource(TERMINAL_ENDPOINT_RULE)
      .find({ field: 'is_active', op: 'eq', value: 1 }, root);
    rules.sort((a, b) => Number(a.priority) - Number(b.priority));
    for (const rule of rules) {
      if (!rule.endpoint || !ipMatches(ip, rule.ip_group)) continue;
      const endpoint = await endpoints.get(String(rule.endpoint), root);
      if (endpoint && serves(endpoint, protocol)) return endpoint;
    }
  }
  return endpoints.get(DEFAULT_ENDPOINT.id, root);
}

/** The address of the asset a request names: directly, by asset, or by session (in the caller's org). */
async function targetIp(
  registry: ResourceRegistry,
  rctx: RequestContext,
  query: Record<string, string | undefined>,
): Promise<string | null> {
  if (query.target_ip) return query.target_ip;
  let assetId = query.asset_id;
  if (!assetId && query.session_id) {
    const session = await registry
      .resource(TERMINAL_SESSION)
      .get(query.session_id, rctx)
      .catch(() => null);
    assetId = session?.asset_id ? String(session.asset_id) : undefined;
  }
  if (!assetId) return null;
  const asset = await registry
    .resource('assets.asset')
    .get(assetId, rctx)
    .catch(() => null);
  return asset?.ip ? String(asset.ip) : null;
}

/**
 * `GET /api/v1/terminal/endpoints/smart/?protocol=…&(target_ip|asset_id|session_id)=…`, for any signed-in
 * user: the endpoint to connect to, a blank host filled with the host the request reached.
 */
export function registerSmartEndpoint(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  app.get(SMART_ENDPOINT_URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    const query = request.query as Record<string, string | undefined>;
    const protocol = (query.protocol ?? 'ssh').toLowerCase();
    const endpoint = await pickEndpoint(registry, await targetIp(registry, rctx, query), protocol);
    const resource = registry.resource(TERMINAL_ENDPOINT);
    if (!endpoint) return {};
    const body = await resource.serialize(endpoint, rctx);
    if (!body.host) body.host = request.hostname.replace(/:\d+$/, '');
    return body;
  });
}
