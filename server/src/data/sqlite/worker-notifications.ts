import cluster from 'node:cluster';
import { EventEmitter } from 'node:events';
import type { Notifications } from '../database';

/**
 * Notifications between the workers of one server on one SQLite file (docs/data-layer.md#several-workers-on-one-sqlite-file):
 * a worker sends each publication to the cluster's primary over the IPC channel node:cluster opened, and the
 * primary hands it to every worker (the sender included), so every subscriber hears it asynchronously, as
 * over a network, and in the order the primary received them.
 */

interface Publication {
  bastionNotification: true;
  channel: string;
  payload: string;
}

function isPublication(message: unknown): message is Publication {
  const m = message as Partial<Publication> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.bastionNotification === true &&
    typeof m.channel === 'string' &&
    typeof m.payload === 'string'
  );
}

/** A single process on its file: notifications stay in it (delivered on a later turn, as over a network). */
export function localNotifications(): Notifications {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      setImmediate(() => emitter.emit(channel, payload));
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
  };
}

/** The worker's side: publish through the primary, hear what the primary hands back. */
export function workerNotifications(): Notifications & { close(): void } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const onMessage = (message: unknown): void => {
    if (isPublication(message)) emitter.emit(message.channel, message.payload);
  };
  process.on('message', onMessage);
  return {
    publish(channel, payload) {
      const publication: Publication = { bastionNotification: true, channel, payload };
      return new Promise((resolve, reject) => {
        // A worker whose primary is gone is being stopped: nobody is left to hear it.
        if (!process.send || !process.connected) return resolve();
        process.send(publication, undefined, undefined, (error: Error | null) =>
          error ? reject(error) : resolve(),
        );
      });
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    close() {
      process.off('message', onMessage);
    },
  };
}

/** The primary's side: every publication a worker sends goes to every live worker. */
export function relayWorkerNotifications(): void {
  cluster.on('message', (_from, message: unknown) => {
    if (!isPublication(message)) return;
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker?.isConnected()) worker.send(message, undefined, () => undefined);
  });
}
