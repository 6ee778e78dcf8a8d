import type { Database } from '../database';

/**
 * Task logs in the database (migration 401), readable from every instance: a run's log is a sequence of
 * chunks (task_id, seq). The writer appends and announces each chunk on the channel `task-log:<id>`, so
 * readers on any instance follow a running task without polling the disk of the instance running it.
 */

/** Channel a writer announces new chunks of a task on. */
export const taskLogChannel = (taskId: string): string => `task-log:${taskId}`;

/**
 * A writer gathers lines for this long (or this many bytes) before it stores them; a stored chunk holds
 * at most CHUNK_BYTES, so any read of one chunk fits a socket frame (docs/architecture.md#tasks-and-their-logs-serversrcops: ≤ 4 KB).
 */
const FLUSH_MS = 200;
const FLUSH_BYTES = 4096;
export const CHUNK_BYTES = 4096;

/** `text` in pieces of at most `max` UTF-8 bytes, never cutting a character. */
export function splitByBytes(text: string, max: number): string[] {
  if (Buffer.byteLength(text) <= max) return text === '' ? [] : [text];
  const pieces: string[] = [];
  let piece = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > max && piece !== '') {
      pieces.push(piece);
      piece = '';
      bytes = 0;
    }
    piece += char;
    bytes += size;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

export interface LogChunk {
  text: string;
  /** The position after this text (the next read starts there). */
  position: number;
}

export class TaskLogStore {
  constructor(private readonly db: Database) {}

  /** A writer for a new run's log. */
  writer(taskId: string, onError: (error: Error) => void = () => undefined): TaskLogWriter {
    return new TaskLogWriter(this.db, taskId, onError);
  }

  async exists(taskId: string): Promise<boolean> {
    return (await this.db.get('SELECT 1 AS hit FROM task_log_chunks WHERE task_id = ? LIMIT 1', [taskId])) !== undefined;
  }

  /**
   * Text after `position` (a chunk count), at most about `maxBytes` of it (whole chunks; one chunk even
   * when larger). An empty text means nothing new.
   */
  async read(taskId: string, position: number, maxBytes: number): Promise<LogChunk> {
    const rows = await this.db.all<{ seq: number; data: string }>(
      'SELECT seq, data FROM task_log_chunks WHERE task_id = ? AND seq > ? ORDER BY seq LIMIT 64',
      [taskId, position],
    );
    let text = '';
    let next = position;
    for (const row of rows) {
      if (text !== '' && Buffer.byteLength(text) + Buffer.byteLength(row.data) > maxBytes) break;
      text += row.data;
      next = Number(row.seq);
    }
    return { text, position: next };
  }

  /** The whole log (the copy command, tests). */
  async readAll(taskId: string): Promise<string> {
    const rows = await this.db.all<{ data: string }>(
      'SELECT data FROM task_log_chunks WHERE task_id = ? ORDER BY seq',
      [taskId],
    );
    return rows.map((row) => row.data).join('');
  }

  /** Appends text after what is stored (the copy command, an interrupted run's last line). */
  async append(taskId: string, text: string, now = Date.now()): Promise<void> {
    for (const data of splitByBytes(text, CHUNK_BYTES))
      await this.db.run(
        `INSERT INTO task_log_chunks (task_id, seq, data, date_created)
         SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ? FROM task_log_chunks WHERE task_id = ?`,
        [taskId, data, now, taskId],
      );
  }

  async remove(taskIds: readonly string[]): Promise<void> {
    if (taskIds.length === 0) return;
    await this.db.run(`DELETE FROM task_log_chunks WHERE ${this.db.dialect.inList('task_id')}`, [
      this.db.dialect.listParam(taskIds),
    ]);
  }

  /** Deletes the logs whose last chunk was written before `cutoff`, except those of `keep`. */
  async sweep(cutoff: number, keep: ReadonlySet<string>): Promise<number> {
    const old = await this.db.all<{ task_id: string }>(
      'SELECT task_id FROM task_log_chunks GROUP BY task_id HAVING MAX(date_created) < ?',
      [cutoff],
    );
    const ids = old.map((row) => row.task_id).filter((id) => !keep.has(id));
    for (let start = 0; start < ids.length; start += 500) await this.remove(ids.slice(start, start + 500));
    return ids.length;
  }
}

/**
 * Appends a running task's lines: gathered for FLUSH_MS (or FLUSH_BYTES), stored as one chunk, announced.
 * `close()` stores what is left; once it resolves the log is complete (the run is marked finished after).
 */
export class TaskLogWriter {
  private pending = '';
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Database,
    readonly taskId: string,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Appends one line (a newline is added). */
  log(line: string): void {
    if (this.closed) return;
    this.pending += `${line}\n`;
    // A flush never rejects (errors go to onError); `close()` awaits every one before the run finishes.
    if (Buffer.byteLength(this.pending) >= FLUSH_BYTES) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  private flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const text = this.pending;
    this.pending = '';
    if (text === '') return this.flushing;
    const chunks = splitByBytes(text, CHUNK_BYTES).map((data) => ({ seq: ++this.seq, data }));
    this.flushing = this.flushing.then(async () => {
      try {
        for (const chunk of chunks)
          await this.db.run('INSERT INTO task_log_chunks (task_id, seq, data, date_created) VALUES (?, ?, ?, ?)', [
            this.taskId,
            chunk.seq,
            chunk.data,
            Date.now(),
          ]);
        await this.db.notifications.publish(taskLogChannel(this.taskId), String(this.seq));
      } catch (error) {
        this.onError(error as Error);
      }
    });
    return this.flushing;
  }

  /** Stores what is left; the log is complete when this resolves. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
