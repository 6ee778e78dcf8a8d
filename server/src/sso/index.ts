import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerCasRoutes } from './cas-routes';
import { registerImRoutes } from './im-routes';
import { registerOidcRoutes } from './oidc-routes';
import { registerSaml2Routes } from './saml2-routes';

/** The outside sign-in sources of docs/auth-sources.md: their routes on the server. */
export function registerSso(app: FastifyInstance, ctx: AppContext): void {
  registerOidcRoutes(app, ctx);
  registerCasRoutes(app, ctx);
  registerSaml2Routes(app, ctx);
  registerImRoutes(app, ctx);
}
