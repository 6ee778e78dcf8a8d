import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireMfaVerified } from './mfa-verify';

/**
 * The MFA gate of the routes that answer secrets in clear (docs/auth.md#mfa): every request to a URL
 * under one of `prefixes` — list, detail, export, whatever a declaration derives there — first passes
 * `requireMfaVerified`. OPTIONS (metadata, no data) is let through. Checked before the route's own
 * permission check, so a caller learns nothing more from the order.
 */
export function registerSecretRoutesGate(
  app: FastifyInstance,
  ctx: AppContext,
  prefixes: readonly string[],
): void {
  // A callback hook: the other routes, nearly every request, pass without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const url = request.routeOptions.url ?? '';
    if (request.method === 'OPTIONS' || !prefixes.some((prefix) => url.startsWith(prefix))) return done();
    requireMfaVerified(ctx, request).then(() => done(), done);
  });
}
