import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { acceptedCodings } from './accept-encoding';

/** Below this a compressed member costs more than it saves. */
const MIN_BYTES = 1024;

/** Answers made per request that are worth compressing: API JSON and the console pages with their data. */
const COMPRESSED_TYPES = /^(application\/json|text\/html)\b/;

/**
 * API answers are JSON text that compresses 5–10×: a first users list page and its OPTIONS metadata go from
 * ~40 KB to ~6 KB; the console page carries its boot data. Brotli (at a quality fast enough per request) when
 * the client accepts it, else gzip. Static files are precompressed by the build; streams (exports) are left
 * alone.
 */
export function installResponseCompression(app: FastifyInstance): void {
  // A callback hook: small answers and non-JSON pass without a promise (docs/data-layer.md#the-fast-path).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || Buffer.byteLength(payload) < MIN_BYTES) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSED_TYPES.test(type) || reply.getHeader('content-encoding')) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    const accepted = acceptedCodings(request.headers['accept-encoding']);
    const finish = (error: Error | null, compressed: Buffer) =>
      error ? done(error) : done(null, compressed);
    if (accepted.has('br')) {
      reply.header('content-encoding', 'br');
      reply.removeHeader('content-length');
      return brotliCompress(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }, finish);
    }
    if (!accepted.has('gzip')) return done(null, payload);
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    gzip(payload, finish);
  });
}
