import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from './app-context';
import type { ServerConfig } from './config';
import { openPreparedDatabase } from './bootstrap/database-schema';
import type { Database } from './data/database';
import { seedOnStart } from './bootstrap/first-start';
import { cookieNames, ensurePrefixCookie } from './auth/cookies';
import { installSessionAuth } from './auth/session-auth';
import { installReadPoint } from './http/read-point';
import { registerMail } from './mail';
import { registerLdap } from './ldap';
import { registerRadiusRoutes } from './radius/radius-routes';
import { registerSso } from './sso';
import { registerImSmsRoutes } from './im-sms/im-sms-routes';
import { registerLoginRoutes } from './auth/login-routes';
import { registerCredentialRoutes } from './auth/credential-routes';
import { frameworkErrors, installErrorHandlers } from './http/error-handler';
import type { RouteTable } from './http/route-table';
import { JSON_BODY_LIMIT } from './engine/write-batch';
import { installSecurityHeaders } from './http/security-headers';
import { installResponseCompression } from './http/response-compression';
import { registerHealthRoutes } from './api/health-routes';
import { registerSettingsRoutes } from './api/settings-routes';
import { registerOrgRoutes } from './api/org-routes';
import { registerProfileRoutes } from './api/profile-routes';
import { registerRbacPermissionRoutes } from './api/rbac-permission-routes';
import { registerMyAssetRoutes } from './perms/my-assets-routes';
import { registerUserAssetRoutes } from './perms/user-assets-routes';
import { registerAssetUserRoutes } from './perms/asset-users-routes';
import { registerMyLoginLogRoutes } from './audits/my-login-logs-routes';
import { registerTerminal } from './terminal';
import { registerIndexRoute } from './dashboard/index-route';
import { registerSecretRoutesGate } from './auth/secret-routes-gate';
import { ACCOUNT_SECRETS_URL } from './resources/asset-access/account';
import { registerPluginRoutes } from './api/plugin-routes';
import { registerNotifications } from './notifications';
import { sendTaskResults } from './notifications/task-result-messages';
import { registerOps } from './ops';
import { registerCommandExecutionRoutes } from './ops/command-executions';
import { registerRetention } from './retention';
import { registerLicenseRoutes } from './xpack/license-routes';
import { ensureDemoLicence } from './licence/demo-licence';
import { registerLicenceExpiry } from './licence/licence-expiry';
import { registerInsecureCommandAlerts } from './notifications/insecure-command-messages';
import { registerInterfaceRoutes } from './xpack/interface-routes';
import { PluginRegistry } from './plugins/plugin-registry';
import { registerUiRoutes } from './ui/ui-routes';
import { deleteExpiredSessions } from './data/stores/sessions';
import { installEngine, type Engine } from './engine';
import {
  describeDemo,
  describeDemoSignIns,
  DEFAULT_DEMO_PASSWORD,
  seedOnEngineStart,
} from './seed/start-seeds';
import { seedDemoSignIns } from './seed/seed-demo-sign-ins';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (SQLite or PostgreSQL, docs/data-layer.md), for tests and seeds. */
    db: Database;
    /** The resource engine (registry of declared resources), for tests and seeds. */
    engine: Engine;
    /** Every registered route (method, pattern): the not-found handler's 405s, and tests that visit them all. */
    routeTable: RouteTable;
    /**
     * The password generated for `admin` when this start created it, else null. main.ts prints it once,
     * last, so that it does not scroll away; it is never stored in clear or logged.
     */
    generatedAdminPassword: string | null;
  }
}

const FORM_BODY_LIMIT = 64 * 1024;

/** Parses an x-www-form-urlencoded body into a record; a repeated field keeps its first value. */
function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) if (!(key in fields)) fields[key] = value;
  return fields;
}

/**
 * Builds the server: opens and migrates the database, seeds the first start, and registers every route.
 * The caller listens (main.ts) or injects requests (tests).
 */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  // The schema of the hand-written tables and of every declared resource, in one transaction.
  const { db, registry } = await openPreparedDatabase(config);
  // The password generated for admin on the start that created it: main.ts prints it once, last.
  const generatedPassword = await seedOnStart({ db, resources: registry }, config.adminPassword).catch(
    async (error: unknown) => {
      await db.close();
      throw error;
    },
  );
  await deleteExpiredSessions(db, Date.now());

  // Forwarding headers count only when the socket peer is one of the configured proxies (none by default);
  // see http/client-address.ts and docs/security.md. JSON bodies: 1 MiB at most (docs/security.md); routes
  // taking more say so (spm ids, import files).
  const trusted = config.trustedProxies ?? [];
  const app = Fastify({
    logger: { level: config.logLevel, ...(config.logStream ? { stream: config.logStream } : {}) },
    trustProxy: trusted.length > 0 ? [...trusted] : false,
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors,
  });
  app.decorate('db', db);
  installReadPoint(app, db);
  app.decorate('generatedAdminPassword', generatedPassword);
  app.addHook('onClose', async () => {
    await db.close();
  });

  const uiDir = path.join(config.distDir, 'ui');
  const ctx: AppContext = {
    config,
    db,
    cookies: cookieNames(config.cookiePrefix),
    uiDir,
    plugins: new PluginRegistry(
      path.join(uiDir, 'plugins'),
      config.pluginsDir,
      (message) => app.log.warn(message),
      { trustedKeys: config.pluginTrustedKeys ?? [], allowUnsigned: config.allowUnsignedPlugins ?? false },
    ),
    resources: registry,
  };

  await app.register(fastifyCookie);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, parseForm(body as string)),
  );

  installSecurityHeaders(app, config.devOverrides);
  installResponseCompression(app);
  app.addHook('onRequest', (request, reply, done) => {
    ensurePrefixCookie(request, reply, ctx.cookies);
    done();
  });
  installSessionAuth(app, ctx);
  registerSecretRoutesGate(app, ctx, [ACCOUNT_SECRETS_URL]);
  app.decorate('routeTable', installErrorHandlers(app));

  registerHealthRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerLoginRoutes(app, ctx);
  registerMail(app, ctx);
  registerCredentialRoutes(app, ctx);
  registerOrgRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerPluginRoutes(app, ctx);
  await registerNotifications(app, ctx);
  registerLicenseRoutes(app, ctx);
  await registerInterfaceRoutes(app, ctx);
  // The routes of every declared resource (the one registration list: server/src/resources/index.ts).
  const engine = installEngine(app, ctx, registry);
  app.decorate('engine', engine);
  const runner = await registerOps(app, ctx);
  registerLdap(app, ctx);
  registerRadiusRoutes(app, ctx);
  registerSso(app, ctx);
  registerImSmsRoutes(app, ctx);
  sendTaskResults(db, engine.registry, runner);
  registerRetention(app, { ctx, registry: engine.registry, runner });
  registerLicenceExpiry(app, ctx, engine.registry);
  registerInsecureCommandAlerts(app, ctx, engine.registry);
  registerRbacPermissionRoutes(app, ctx);
  registerMyAssetRoutes(app, ctx, engine.registry);
  registerUserAssetRoutes(app, ctx, engine.registry);
  registerAssetUserRoutes(app, ctx, engine.registry);
  registerMyLoginLogRoutes(app, ctx, engine.registry);
  registerCommandExecutionRoutes(app, ctx, engine.registry);
  registerTerminal(app, ctx, engine.registry);
  registerIndexRoute(app, ctx, engine.registry);
  const demoPassword = config.demoPassword ?? DEFAULT_DEMO_PASSWORD;
  // Instances starting together take turns: built-ins and the demo are made once (docs/data-layer.md).
  const demo = await db.transaction(async () => {
    await db.lock('bastion:start-seeds');
    return seedOnEngineStart(
      { db, resources: registry, dataDir: config.dataDir },
      { demo: config.demo === true, demoPassword },
    );
  });
  if (demo && !demo.skipped) process.stdout.write(describeDemo(demo, demoPassword));
  if (config.demo) await ensureDemoLicence(db, config);
  registerUiRoutes(app, ctx);
  // The demo's login and password change logs come from sign-ins at the registered login form.
  if (demo && !demo.skipped)
    process.stdout.write(describeDemoSignIns(await seedDemoSignIns(app, demoPassword)));
  return app;
}
