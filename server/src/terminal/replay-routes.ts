import fs from 'node:fs';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pack } from 'tar-stream';
import type { AppContext } from '../app-context';
import type { RequestContext, StoredRow } from '../engine/declaration';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { ResponseError, permissionDenied } from '../http/api-error';
import { allows } from '../rbac/authorize';
import { TERMINAL_SESSION } from '../resources/terminal/names';
import { ReplayRefused, asciicastGzip, replayExists, replayPath, saveReplay } from './replay-store';

const SESSIONS = '/api/v1/terminal/sessions/';
export const replayUrl = (id: string): string => `${SESSIONS}${id}/replay/`;
export const replayFileUrl = (id: string): string => `${SESSIONS}${id}/replay/file/`;
export const replayDownloadUrl = (id: string): string => `${SESSIONS}${id}/replay/download/`;

/** A replay of a long session is large; uploads up to this size are taken. */
export const REPLAY_UPLOAD_LIMIT = 512 * 1024 * 1024;

const noReplay = (ctx: RequestContext) =>
  new ResponseError(404, {
    error: { zh: '没有录像', en: 'Session replay not found', ja: 'リプレイがありません' }[ctx.language],
  });

/** A multipart form's parts (Node's own parser, the fetch API's `formData`). */
async function multipartForm(request: FastifyRequest): Promise<FormData> {
  const body = request.body as Buffer;
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': String(request.headers['content-type']) },
  }).formData();
}

/**
 * Replays (docs/terminal.md#replays): the component uploads a session's asciicast (multipart `file`,
 * gzipped or not); the console reads its info, its file and its download. Every route needs its permission
 * and finds the session in the requester's organization only (404 elsewhere); anonymous callers get 401.
 */
export function registerReplayRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const sessions = registry.resource(TERMINAL_SESSION);
  const { dataDir } = ctx.config;

  async function sessionFor(request: FastifyRequest, code: string): Promise<[RequestContext, StoredRow]> {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, [code])) throw permissionDenied();
    const { id } = request.params as { id: string };
    const session = await sessions.get(id, rctx).catch(() => null);
    if (!session) throw new ResponseError(404, { detail: 'Not found.', code: 'not_found' });
    return [rctx, session];
  }

  app.register(async (scope) => {
    // Only this route reads multipart bodies (the rest of the API speaks JSON).
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: REPLAY_UPLOAD_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(`${SESSIONS}:id/replay/`, { bodyLimit: REPLAY_UPLOAD_LIMIT }, async (request, reply) => {
      const [, session] = await sessionFor(request, 'terminal.upload_sessionreplay');
      if (!Buffer.isBuffer(request.body))
        throw new ResponseError(400, { file: ['A multipart file is required.'] });
      const form = await multipartForm(request).catch(() => null);
      const file = form?.get('file');
      if (!file || typeof file === 'string') throw new ResponseError(400, { file: ['A file is required.'] });
      let gzip: Buffer;
      try {
        gzip = asciicastGzip(Buffer.from(await file.arrayBuffer()));
      } catch (error) {
        if (error instanceof ReplayRefused) throw new ResponseError(400, { file: [error.message] });
        throw error;
      }
      await saveReplay(dataDir, String(session.id), gzip);
      await sessions.setColumns(String(session.id), { has_replay: true });
      return reply.code(201).send({ url: replayFileUrl(String(session.id)) });
    });
  });

  // The result at once (the file is local): what v2.21's asynchronous answer ends with.
  app.get(`${SESSIONS}:id/replay/`, async (request) => {
    const [rctx, session] = await sessionFor(request, 'terminal.view_sessionreplay');
    const id = String(session.id);
    if (!replayExists(dataDir, id)) throw noReplay(rctx);
    const out = await sessions.serialize(session, rctx);
    return {
      status: 'success',
      type: 'asciicast',
      src: replayFileUrl(id),
      user: out.user,
      asset: out.asset,
      system_user: out.system_user,
      date_start: out.date_start,
      date_end: out.date_end,
      download_url: replayDownloadUrl(id),
    };
  });

  app.get(`${SESSIONS}:id/replay/file/`, async (request, reply) => {
    const [rctx, session] = await sessionFor(request, 'terminal.view_sessionreplay');
    const id = String(session.id);
    if (!replayExists(dataDir, id)) throw noReplay(rctx);
    return reply
      .header('content-type', 'application/x-asciicast; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(replayPath(dataDir, id)).pipe(zlib.createGunzip()));
  });

  app.get(`${SESSIONS}:id/replay/download/`, async (request, reply) => {
    const [rctx, session] = await sessionFor(request, 'terminal.download_sessionreplay');
    const id = String(session.id);
    if (!replayExists(dataDir, id)) throw noReplay(rctx);
    const cast = await fs.promises.readFile(replayPath(dataDir, id));
    const meta = JSON.stringify(await sessions.serialize(session, rctx), null, 2);
    const tar = pack();
    tar.entry({ name: `${id}.cast.gz` }, cast);
    tar.entry({ name: `${id}.json` }, meta);
    tar.finalize();
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${id}.tar"`)
      .header('cache-control', 'private, no-store')
      .send(tar);
  });
}
