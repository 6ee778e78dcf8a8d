import type { FastifyInstance } from 'fastify';

/**
 * The console runs no inline script and no eval (docs/architecture.md "Runtime composition"), so the policy
 * can be strict. Development overrides load modules from a local dev server, hence the localhost origins.
 */
export function contentSecurityPolicy(devOverrides: boolean): string {
  const scriptSrc = devOverrides ? "'self' http://localhost:* http://127.0.0.1:*" : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, devOverrides: boolean): void {
  const csp = contentSecurityPolicy(devOverrides);
  // onRequest, not onSend: headers then also reach 404s, errors and hijacked replies. A callback hook, not
  // an async one: every request runs it, and a promise per hook shows in its profile (docs/data-layer.md).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'same-origin');
    done();
  });
}
