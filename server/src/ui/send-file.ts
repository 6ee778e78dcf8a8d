import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor, REVALIDATE } from './cache-policy';
import { acceptedCodings } from '../http/accept-encoding';
import { contentTypeFor } from './content-types';

const etagOf = (body: Buffer | string): string =>
  `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((item) => {
    const tag = item.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Sends a body with its cache policy; revalidated bodies carry an ETag and answer 304 when unchanged. */
export function sendWithCaching(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer | string,
  contentType: string,
  cacheControl: string,
): FastifyReply {
  reply.header('cache-control', cacheControl).type(contentType);
  if (cacheControl.endsWith(REVALIDATE)) {
    const etag = etagOf(body);
    reply.header('etag', etag);
    if (matchesEtag(request, etag)) return reply.code(304).send();
  }
  return reply.send(body);
}

/** Content codings of the build's precompressed copies, best first. */
const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** A precompressed copy, unless it is older than the file (someone edited a dropped-in file in place). */
async function freshCopy(file: string, copy: string): Promise<Buffer | null> {
  try {
    const [original, compressed] = await Promise.all([fs.stat(file), fs.stat(copy)]);
    return compressed.mtimeMs >= original.mtimeMs ? await fs.readFile(copy) : null;
  } catch {
    return null;
  }
}

/** Files meant for some signed-in users only (plugin files) must never sit in a shared cache. */
const privateVariant = (cacheControl: string): string =>
  cacheControl === REVALIDATE ? 'private, no-cache' : cacheControl.replace(/^public\b/, 'private');

/**
 * A built file. The build writes a brotli (`<file>.br`) and a gzip (`<file>.gz`) copy of every text asset, so
 * compression costs nothing per request; a client gets the best copy it accepts, else the file itself. A copy
 * older than its file is stale and skipped.
 */
export async function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  options: { private?: boolean } = {},
): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  const policy = options.private ? privateVariant(cacheControlFor(file)) : cacheControlFor(file);
  const accepted = acceptedCodings(request.headers['accept-encoding']);
  for (const { coding, suffix } of PRECOMPRESSED) {
    if (!accepted.has(coding)) continue;
    const body = await freshCopy(file, `${file}${suffix}`);
    if (body === null) continue;
    reply.header('content-encoding', coding);
    return sendWithCaching(request, reply, body, contentTypeFor(file), policy);
  }
  return sendWithCaching(request, reply, await fs.readFile(file), contentTypeFor(file), policy);
}
