import type { FastifyInstance } from 'fastify';
import type { Database } from '../data/database';
import { WriteVersions, type ReadPoint } from '../data/write-versions';

declare module 'fastify' {
  interface FastifyRequest {
    readPoint: ReadPoint | null;
  }
}

/**
 * Makes each request one read point of the write-version cache (data/write-versions.ts): its cached
 * reads — identity, organizations, list counts and windows — share one read of the versions. Installed
 * before every other hook, so the rest of the request runs inside it; entered again after the body is
 * read, where Node resumes the request from the socket's own context.
 */
export function installReadPoint(app: FastifyInstance, db: Database): void {
  const versions = WriteVersions.of(db);
  app.decorateRequest('readPoint', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const point = WriteVersions.readPoint();
    request.readPoint = point;
    versions.within(point, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.readPoint) versions.within(request.readPoint, done);
    else done();
  });
}
