import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { openSecret, sealSecret } from '../auth/secret-box';

/**
 * What a browser carries between leaving for a provider and coming back (docs/auth-sources.md): sealed,
 * HttpOnly, bound to the source's own path, short-lived; nothing in it is readable or forgeable.
 */
export interface SealedFlowCookie<T extends { expires: number }> {
  /**
   * `crossSitePost`: the provider comes back with a cross-site POST (SAML2), which a SameSite=Lax cookie
   * does not follow; on an https site the cookie is then SameSite=None; Secure (still sealed and HttpOnly).
   */
  set(reply: FastifyReply, flow: T, options?: { crossSitePost: boolean; https: boolean }): void;
  /** The flow while it lives, or null (absent, forged, expired). */
  read(request: FastifyRequest): T | null;
  clear(reply: FastifyReply): void;
}

export function sealedFlowCookie<T extends { expires: number }>(
  ctx: AppContext,
  name: string,
  path: string,
  ttlMs: number,
): SealedFlowCookie<T> {
  const cookie = `${ctx.cookies.prefix}${name}`;
  return {
    set(reply, flow, options) {
      // SameSite=Lax: the provider's redirect back is a top-level GET, which carries it.
      const crossSite = options?.crossSitePost === true && options.https;
      reply.setCookie(cookie, sealSecret(ctx.config.dataDir, name, JSON.stringify(flow)), {
        path,
        httpOnly: true,
        sameSite: crossSite ? 'none' : 'lax',
        ...(crossSite ? { secure: true } : {}),
        maxAge: ttlMs / 1000,
      });
    },
    read(request) {
      const sealed = request.cookies[cookie];
      if (!sealed) return null;
      const text = openSecret(ctx.config.dataDir, name, sealed);
      if (text === null) return null;
      try {
        const flow = JSON.parse(text) as T;
        return flow.expires > Date.now() ? flow : null;
      } catch {
        return null;
      }
    },
    clear(reply) {
      reply.clearCookie(cookie, { path });
    },
  };
}
