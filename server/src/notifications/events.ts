import type { Database } from '../data/database';

/**
 * "This user's unread count may have changed", fanned out to every instance on the database through
 * `db.notifications` (PostgreSQL LISTEN/NOTIFY; within the process on SQLite), so a socket open on any
 * instance hears of a message sent through another.
 */
const channelOf = (userId: string): string => `unread:${userId}`;

export async function notifyUnreadChanged(db: Database, userIds: Iterable<string>): Promise<void> {
  for (const userId of new Set(userIds)) await db.notifications.publish(channelOf(userId), '');
}

/**
 * Calls `listener` whenever the user's messages changed; returns the unsubscribe function at once (the
 * subscription itself settles in the background, and an unsubscribe before that is honoured).
 */
export function onUnreadChanged(db: Database, userId: string, listener: () => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  db.notifications.subscribe(channelOf(userId), listener).then(
    (unsubscribe) => {
      if (stopped) unsubscribe();
      else stop = unsubscribe;
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    stop?.();
  };
}
