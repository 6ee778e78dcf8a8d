import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import type { AppContext } from '../app-context';
import { pluginsListedFor } from '../api/plugin-routes';
import { bootDataFor } from './boot-data';
import { publishedImageUrls } from '../xpack/interface-images';
import { REVALIDATE } from './cache-policy';
import { NOT_BUILT_MESSAGE, overridesScriptUrl, renderIndexPage, type FirstView } from './html-pages';
import { hostPreloads, pluginPreloads, readBuiltImportMap, routePagePreloads } from './module-preloads';
import { decodeSegments, resolveFileInside } from './safe-path';
import { sendStaticFile, sendWithCaching } from './send-file';

const notFound = (reply: FastifyReply): FastifyReply =>
  reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');

function urlPath(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/**
 * The console under /ui/: built files from `<dist>/ui`, plugin files from the plugin registry (built-in or
 * drop-in), and index.html for extension-less app routes. A missing file with an extension is a real 404.
 */
export function registerUiRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/', async (_request, reply) => reply.redirect('/ui/', 302));
  app.get('/ui', async (_request, reply) => reply.redirect('/ui/', 302));
  // Browsers ask for /favicon.ico on every origin: send them to the icon the public settings publish.
  app.get('/favicon.ico', async (_request, reply) => {
    const icon = (await publishedImageUrls(ctx.db, ctx.uiDir)).favicon;
    if (!icon) return notFound(reply);
    return reply.header('cache-control', 'no-cache').redirect(icon, 302);
  });

  /**
   * A signed-in page starts loading all of its first view at once: the host's and its plugins' modules, the
   * code of the page its URL opens, and the answers the boot waits for (docs/architecture.md "Boot sequence"). Anything missing only means the
   * console fetches it itself.
   */
  const firstViewOf = async (request: FastifyRequest): Promise<FirstView | null> => {
    try {
      const boot = await bootDataFor(app, ctx, request);
      if (boot?.signedIn === false) return { signedOut: true };
      const map = boot && (await readBuiltImportMap(ctx.uiDir));
      if (!boot || !map) return null;
      const appPath = urlPath(request).slice('/ui'.length);
      return {
        preloads: [
          ...hostPreloads(map),
          ...pluginPreloads(map, boot.plugins),
          ...routePagePreloads(map, boot.plugins, appPath),
        ],
        bootData: boot.data,
      };
    } catch (error) {
      request.log.warn({ err: error }, 'first view data left out of the page');
      return null;
    }
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const firstView = await firstViewOf(request);
    const html = await renderIndexPage(ctx.uiDir, ctx.config.devOverrides, firstView);
    if (html === null) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    // The page then carries this user's profile: never cache it anywhere.
    if (firstView !== null && 'bootData' in firstView)
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    return sendWithCaching(request, reply, html, 'text/html; charset=utf-8', REVALIDATE);
  };

  app.get('/ui/*', async (request, reply) => {
    const fullPath = urlPath(request);
    const segments = decodeSegments(fullPath.slice('/ui/'.length).replace(/\/$/, ''));
    if (segments === null) return notFound(reply);
    const last = segments.at(-1);
    if (last === undefined || last === 'index.html') return sendIndex(request, reply);

    const hasExtension = path.extname(last) !== '';
    if (!ctx.config.devOverrides && fullPath === (await overridesScriptUrl(ctx.uiDir)))
      return notFound(reply);

    let file: string | null;
    if (segments[0] === 'plugins' && segments.length >= 3) {
      // Plugin files only for signed-in users the plugin is listed for (docs/security.md "Plugins").
      if (!request.auth) return notFound(reply);
      const listed = await pluginsListedFor(ctx, request).catch(() => []);
      if (!listed.some((plugin) => plugin.id === segments[1])) return notFound(reply);
      const dir = await ctx.plugins.directoryOf(segments[1] as string);
      file = dir === null ? null : await resolveFileInside(dir, segments.slice(2));
      if (file === null) return notFound(reply);
      return sendStaticFile(request, reply, file, { private: true });
    } else {
      file = await resolveFileInside(ctx.uiDir, segments);
    }
    if (file === null) return hasExtension ? notFound(reply) : sendIndex(request, reply);
    // Templates are only ever sent filled in.
    if (segments.length === 1 && last === 'login.html') return notFound(reply);
    return sendStaticFile(request, reply, file);
  });
}
