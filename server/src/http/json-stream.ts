import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Items written per piece of a streamed JSON list (about a few milliseconds of JSON.stringify each). */
const ITEMS_PER_PIECE = 1000;

/**
 * A long JSON answer (an unpaged list, an import preview of hundreds of thousands of rows) sent as it is
 * produced: one `JSON.stringify` of the whole would hold the event loop for seconds (docs/security.md).
 * Gzipped when the client accepts it, as json-compression.ts does for ordinary answers.
 */
export function sendJsonPieces(
  request: FastifyRequest,
  reply: FastifyReply,
  pieces: AsyncIterable<string>,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  const body = Readable.from(pieces);
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string' || !/\bgzip\b/.test(accepted)) return reply.send(body);
  reply.header('content-encoding', 'gzip');
  const gzip = createGzip();
  // A failure while producing destroys both streams, which ends the answer (never a hung connection).
  pipeline(body, gzip, () => undefined);
  return reply.send(gzip);
}

/** `[item, item, …]` as pieces, from batches of items; other requests get a turn between pieces. */
export async function* jsonArray(
  batches: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const batch of batches) {
    for (let start = 0; start < batch.length; start += ITEMS_PER_PIECE) {
      const text = batch
        .slice(start, start + ITEMS_PER_PIECE)
        .map((item) => JSON.stringify(item))
        .join(',');
      if (text === '') continue;
      yield first ? text : `,${text}`;
      first = false;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  yield ']';
}
