import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this a gzip member costs more than it saves. */
const MIN_BYTES = 1024;

/**
 * API answers are JSON text that compresses 5–10×: a first users list page and its OPTIONS metadata go from
 * ~40 KB to ~6 KB. Static files are precompressed by the build; streams (exports) are left alone.
 */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || Buffer.byteLength(payload) < MIN_BYTES) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || reply.getHeader('content-encoding')) return payload;
    reply.header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    if (typeof accepted !== 'string' || !/\bgzip\b/.test(accepted)) return payload;
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return gzipAsync(payload);
  });
}
