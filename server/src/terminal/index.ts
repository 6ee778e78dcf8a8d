import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import type { ResourceRegistry } from '../engine/runtime';
import { registerComponentRoutes } from './component-routes';
import { registerConnectionInfo } from './connection-info';
import { registerComponentUserAuth } from './component-user-auth';
import { registerReplayRoutes } from './replay-routes';
import { registerSessionRoutes } from './session-routes';
import { registerSmartEndpoint } from './smart-endpoint';
import { registerStorageRoutes } from './storage-routes';

/** The terminal area's routes beyond the engine's (docs/terminal.md). */
export function registerTerminal(app: FastifyInstance, ctx: AppContext, registry: ResourceRegistry): void {
  registerComponentRoutes(app, ctx, registry);
  registerReplayRoutes(app, ctx, registry);
  registerSessionRoutes(app, ctx, registry);
  registerStorageRoutes(app, ctx, registry);
  registerSmartEndpoint(app, ctx, registry);
  registerConnectionInfo(app, ctx, registry);
  registerComponentUserAuth(app, ctx, registry);
}
