import Router from 'find-my-way';
import type { FastifyInstance, HTTPMethods } from 'fastify';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/**
 * A copy of the server's routes in the router library Fastify itself uses (find-my-way), kept for one
 * question the not-found handler asks: which other methods would this path answer to (405 + Allow)?
 * It matches request paths as the real router does. Fastify's own `hasRoute` takes a route *pattern*:
 * fed a request path, it reads `*`, `:` and brackets as syntax and throws (a 500 for `/x/*y`).
 */
export class RouteTable {
  private readonly router = Router();
  private readonly known: Array<{ method: string; url: string }> = [];

  /** Mirrors every route registered after this call (install it before the routes). */
  static install(app: FastifyInstance): RouteTable {
    const table = new RouteTable();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) table.add(method, route.url);
    });
    return table;
  }

  private add(method: HTTPMethods | string, url: string): void {
    this.known.push({ method, url });
    if (!(METHODS as readonly string[]).includes(method)) return;
    try {
      this.router.on(method as Method, url, () => undefined);
    } catch {
      // The same method and pattern twice (a HEAD/GET pair, a re-registration): one is enough here.
    }
  }

  /** Methods whose routes match this request path; none for a path the router cannot even decode. */
  methodsFor(path: string): Method[] {
    return METHODS.filter((method) => {
      try {
        return this.router.find(method, path) !== null;
      } catch {
        return false;
      }
    });
  }

  /** Every registered route (method and pattern), in registration order. */
  routes(): ReadonlyArray<{ method: string; url: string }> {
    return this.known;
  }
}
