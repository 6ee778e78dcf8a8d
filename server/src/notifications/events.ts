import { EventEmitter } from 'node:events';
import type { Db } from '../db/open-database';

/**
 * In-process fan-out of "this user's unread count may have changed", one emitter per database handle so
 * that two servers in one process (tests) never hear each other. A multi-instance deployment would replace
 * this with the database's own notifications (docs/architecture.md "The server").
 */
const emitters = new WeakMap<Db, EventEmitter>();

function emitterFor(db: Db): EventEmitter {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    // One listener per open socket; the default limit of 10 would only produce warnings.
    emitter.setMaxListeners(0);
    emitters.set(db, emitter);
  }
  return emitter;
}

export function notifyUnreadChanged(db: Db, userIds: Iterable<string>): void {
  const emitter = emitterFor(db);
  for (const userId of userIds) emitter.emit(`user:${userId}`);
}

/** Calls `listener` whenever the user's messages changed; returns the unsubscribe function. */
export function onUnreadChanged(db: Db, userId: string, listener: () => void): () => void {
  const emitter = emitterFor(db);
  emitter.on(`user:${userId}`, listener);
  return () => emitter.off(`user:${userId}`, listener);
}
