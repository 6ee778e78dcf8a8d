import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { publicSettings } from '../settings/public-settings';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // No auth: the login page and the shell read it before anyone signs in (docs/settings.md#public-settings).
  app.get('/api/v1/settings/public/', async () => ({ data: publicSettings(ctx) }));
}
