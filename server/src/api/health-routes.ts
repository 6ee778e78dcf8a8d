import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';

/** `GET /api/health/` (and /api/v1/health/): no auth, like v2.21; reveals nothing but liveness. */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const handler = async () => {
    const db = await ctx.db.ping();
    return {
      status: db.ok,
      db_status: db.ok,
      db_time: Number(db.seconds.toFixed(6)),
      time: Math.floor(Date.now() / 1000),
    };
  };
  app.get('/api/health/', handler);
  app.get('/api/v1/health/', handler);
}
