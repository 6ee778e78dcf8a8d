import crypto from 'node:crypto';
import type { Database } from '../data/database';
import { TaskInstances } from '../data/stores/task-instances';
import { TaskLogStore, type TaskLogWriter } from '../data/stores/task-log-store';
import type { Language, RequestContext, ResourceDirectory, StoredRow } from '../engine/declaration';
import { ApiError } from '../http/api-error';
import { formatDateTime } from '../http/datetime';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { OPS_EXECUTION, OPS_TASK, type TaskKind } from '../resources/ops/names';
import { opsMessage, type OpsMessage } from './messages';
import { taskIdOf } from './task-ids';

/**
 * A small task runner in each instance (the Celery worker of v2.21, for the tasks this console runs itself).
 *
 * A run is one `ops.adhocexecution` row whose id is the task id the API answers (`{task: <id>}`); it belongs
 * to an `ops.task` row (one per org and name, with run counters). The run records its org and its creator:
 * who may read its log is decided from those (ops/task-access.ts). Its log lives in the database
 * (data/stores/task-log-store.ts), so every instance reads it and follows it while it runs.
 *
 * The log is stored whole *before* the run is marked finished, so a finished run (`is_finished`, read from
 * the database by any instance) has its complete log: readers stop on that state, never on text in the log.
 */

/** What a run's work sees: its id, where to write, the creator's language, and a stop signal. */
export interface RunHandle {
  id: string;
  language: Language;
  signal: AbortSignal;
  /** Appends one line (a newline is added). */
  log(line: string): void;
}

/** v2.21 AdHocExecution.summary: the hosts that answered, and the failed ones with their reason. */
export interface RunOutcome {
  contacted: string[];
  dark: Record<string, string>;
}

export interface RunSpec {
  /** The run's id when the caller made its own record of it first (a batch command); else a new one. */
  id?: string;
  /** The creator's request: user, language, time zone. */
  ctx: RequestContext;
  /** The org the task belongs to (that of its asset or node, also when started from Root). */
  orgId: string;
  kind: TaskKind;
  /** Asset hostname, node path: part of the task name. */
  subject: string;
  /** Asset ids the run works on. */
  hosts: readonly string[];
  work(run: RunHandle): Promise<RunOutcome>;
}

/** At most this many runs at once in this process; beyond it a start is refused with 429. */
export const MAX_RUNNING = 32;

/** How long a stopping server waits for cancelled runs to record their end. */
export const SHUTDOWN_GRACE_MS = 5000;

const TASK_NAME_KEY: Record<TaskKind, OpsMessage> = {
  asset_connectivity: 'taskAssetConnectivity',
  node_connectivity: 'taskNodeConnectivity',
  asset_hardware: 'taskAssetHardware',
  node_hardware: 'taskNodeHardware',
  system_user_push: 'taskSystemUserPush',
  system_user_test: 'taskSystemUserTest',
  account_test: 'taskAccountTest',
  user_gather: 'taskGatherUsers',
  command_execution: 'taskCommandExecution',
};

/** The task's display name in a language (also its stored English `name`). */
export function taskDisplayName(kind: unknown, subject: unknown, language: Language): string | null {
  const key = TASK_NAME_KEY[kind as TaskKind];
  return key ? opsMessage(key, language, { subject: String(subject ?? '') }).slice(0, 128) : null;
}

/** A context that reads every org (the runner's own bookkeeping, never a user's request). */
export function systemContext(language: Language = 'en'): RequestContext {
  return {
    userId: '',
    username: 'system',
    orgId: ROOT_ORG_ID,
    perms: new Set(),
    isSystemAdmin: true,
    language,
  };
}

interface Running {
  done: Promise<void>;
  abort: AbortController;
}

const RUNNERS = new WeakMap<ResourceDirectory, TaskRunner>();

/** The runner of the server whose engine is `resources` (extra actions and hooks only get the directory). */
export function runnerFor(resources: ResourceDirectory): TaskRunner {
  const runner = RUNNERS.get(resources);
  if (!runner) throw new Error('the task runner is not installed (registerOps)');
  return runner;
}

/** An instance not seen for this long has stopped; its unfinished runs are marked interrupted. */
export const INSTANCE_ALIVE_MS = 60_000;

/** A run that ended, as the listeners of `onFinished` hear of it (system messages, docs/message-subscriptions.md). */
export interface FinishedRun {
  id: string;
  kind: TaskKind;
  subject: string;
  success: boolean;
  seconds: string;
  language: Language;
}

export class TaskRunner {
  private readonly running = new Map<string, Running>();
  private readonly finishListeners: Array<(run: FinishedRun) => Promise<void>> = [];
  private closing = false;
  readonly logs: TaskLogStore;
  readonly instances: TaskInstances;

  constructor(
    readonly db: Database,
    private readonly resources: ResourceDirectory,
    private readonly warn: (message: string) => void = () => undefined,
  ) {
    RUNNERS.set(resources, this);
    this.logs = new TaskLogStore(db);
    this.instances = new TaskInstances(db);
  }

  /** Calls `listener` after every run of this instance has recorded its end; a listener's failure is only logged. */
  onFinished(listener: (run: FinishedRun) => Promise<void>): void {
    this.finishListeners.push(listener);
  }

  /** Running in this instance (only these can be cancelled here). */
  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  runningIds(): ReadonlySet<string> {
    return new Set(this.running.keys());
  }

  /** Finished = its row says so (any instance's run), or no such run: its log is complete. */
  async isFinished(id: string): Promise<boolean> {
    if (this.running.has(id)) return false;
    const run = await this.findRun(id);
    return run === null || run.is_finished === true;
  }

  /** The run (execution row) of a task id, in any org; null for a non-UUID or unknown id. */
  async findRun(value: unknown): Promise<StoredRow | null> {
    const id = taskIdOf(value);
    if (id === null) return null;
    return this.resources.get(OPS_EXECUTION).get(id, systemContext());
  }

  /**
   * Starts a run and answers its id once its rows exist (a reader asking at once finds the run; its first
   * log lines follow moments later, which the socket bridges with "."). The work goes on in the background.
   */
  async start(spec: RunSpec): Promise<string> {
    if (this.closing || this.running.size >= MAX_RUNNING) {
      throw new ApiError(429, opsMessage('tooManyTasks', spec.ctx.language), 'throttled');
    }
    const id = spec.id ?? crypto.randomUUID();
    const now = Date.now();
    const orgCtx: RequestContext = { ...systemContext(spec.ctx.language), orgId: spec.orgId };
    const taskId = await this.ensureTask(spec, orgCtx);
    const executions = this.resources.get(OPS_EXECUTION);
    await this.instances.own(id);
    await executions.create({ id }, orgCtx);
    await executions.setColumns(id, {
      task: taskId,
      creator_id: spec.ctx.userId,
      hosts: [...spec.hosts],
      hosts_amount: spec.hosts.length,
      timedelta: 0,
      date_start: now,
      is_finished: false,
      is_success: false,
      summary: { contacted: [], dark: {} },
    });
    await this.resources.get(OPS_TASK).setColumns(taskId, { latest_execution_id: id, date_updated: now });

    const writer = this.logs.writer(id, (error) => this.warn(`task log ${id}: ${error.message}`));
    const abort = new AbortController();
    const handle: RunHandle = {
      id,
      language: spec.ctx.language,
      signal: abort.signal,
      log: (line) => writer.log(line),
    };
    const name = taskDisplayName(spec.kind, spec.subject, spec.ctx.language) ?? spec.subject;
    handle.log(opsMessage('logTask', handle.language, { name }));
    handle.log(opsMessage('logTaskId', handle.language, { id }));
    handle.log(
      opsMessage('logStarted', handle.language, {
        date: formatDateTime(now, spec.ctx.timeZone ?? 'UTC'),
        user: spec.ctx.username,
      }),
    );
    handle.log('');
    const done = this.execute(spec, handle, writer, taskId, now);
    this.running.set(id, { done, abort });
    return id;
  }

  /** The task row of (org, name), created on first use. */
  private async ensureTask(spec: RunSpec, orgCtx: RequestContext): Promise<string> {
    const tasks = this.resources.get(OPS_TASK);
    const name = taskDisplayName(spec.kind, spec.subject, 'en') ?? spec.subject.slice(0, 128);
    const existing = async () => (await tasks.find({ field: 'name', op: 'eq', value: name }, orgCtx))[0];
    const found = await existing();
    if (found) return String(found.id);
    const id = crypto.randomUUID();
    try {
      await tasks.create({ id, name }, orgCtx);
    } catch (error) {
      // Another run of the same task created it meanwhile (unique name per org).
      const raced = await existing();
      if (raced) return String(raced.id);
      throw error;
    }
    await tasks.setColumns(id, {
      kind: spec.kind,
      subject: spec.subject.slice(0, 128),
      total_run_amount: 0,
      success_run_amount: 0,
    });
    return id;
  }

  private async execute(
    spec: RunSpec,
    run: RunHandle,
    writer: TaskLogWriter,
    taskId: string,
    started: number,
  ): Promise<void> {
    let outcome: RunOutcome = { contacted: [], dark: {} };
    let crashed = false;
    try {
      outcome = await spec.work(run);
    } catch (error) {
      crashed = true;
      this.warn(`task ${run.id}: ${(error as Error).message}`);
    }
    const finished = Date.now();
    const success = !crashed && Object.keys(outcome.dark).length === 0;
    const seconds = ((finished - started) / 1000).toFixed(2);
    run.log('');
    run.log(
      opsMessage(success ? 'logFinishedOk' : 'logFinishedFailed', run.language, { id: run.id, seconds }),
    );
    await writer.close();
    try {
      await this.resources.get(OPS_EXECUTION).setColumns(run.id, {
        hosts_amount: outcome.contacted.length + Object.keys(outcome.dark).length,
        summary: outcome,
        is_finished: true,
        is_success: success,
        date_finished: finished,
        timedelta: Math.round(finished - started) / 1000,
      });
      await this.countRun(taskId, success);
      await this.instances.forget([run.id]);
    } catch (error) {
      this.warn(`task ${run.id}: recording the result failed: ${(error as Error).message}`);
    } finally {
      this.running.delete(run.id);
    }
    const ended: FinishedRun = {
      id: run.id,
      kind: spec.kind,
      subject: spec.subject,
      success,
      seconds,
      language: run.language,
    };
    for (const listener of this.finishListeners)
      await listener(ended).catch((error: unknown) =>
        this.warn(`task ${run.id}: ${(error as Error).message}`),
      );
  }

  private async countRun(taskId: string, success: boolean): Promise<void> {
    const tasks = this.resources.get(OPS_TASK);
    const row = await tasks.get(taskId, systemContext());
    if (!row) return;
    await tasks.setColumns(taskId, {
      total_run_amount: (Number(row.total_run_amount) || 0) + 1,
      success_run_amount: (Number(row.success_run_amount) || 0) + (success ? 1 : 0),
      date_updated: Date.now(),
    });
  }

  /**
   * Runs that no live instance runs any more (the previous process of this SQLite file; an instance on the
   * same PostgreSQL that stopped — crashed, killed, restarted — and was not seen for INSTANCE_ALIVE_MS):
   * marked failed, with a last line in their log. Called at start and then periodically.
   */
  async recoverInterrupted(now = Date.now()): Promise<void> {
    await this.instances.heartbeat(now);
    const executions = this.resources.get(OPS_EXECUTION);
    const stale = await executions.find({ field: 'is_finished', op: 'ne', value: 1 }, systemContext());
    const candidates = stale
      .map((row) => taskIdOf(row.id))
      .filter((id): id is string => id !== null && !this.running.has(id));
    const orphans = new Set(
      await this.instances.orphans(candidates, now - INSTANCE_ALIVE_MS, this.db.dialect.name === 'sqlite'),
    );
    for (const row of stale) {
      const id = taskIdOf(row.id);
      if (id === null || !orphans.has(id)) continue;
      try {
        if (await this.logs.exists(id))
          await this.logs.append(id, `\n${opsMessage('logInterrupted', 'en', { id })}\n`);
      } catch (error) {
        this.warn(`task log ${id}: ${(error as Error).message}`);
      }
      await executions.setColumns(id, { is_finished: true, is_success: false, date_finished: Date.now() });
      if (typeof row.task === 'string') await this.countRun(row.task, false);
    }
    await this.instances.forget([...orphans]);
  }

  /** Deletes runs' logs (task deletion); running runs are never touched. */
  async removeLogs(ids: readonly string[]): Promise<void> {
    const valid = ids.map(taskIdOf).filter((id): id is string => id !== null && !this.running.has(id));
    await this.logs.remove(valid);
  }

  /**
   * Server stop: work is cancelled and every run records its end while the database is still open. A run
   * that ignores the signal is not waited for beyond `graceMs` (another instance, or the next start,
   * marks it interrupted).
   */
  async shutdown(graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
    this.closing = true;
    const runs = [...this.running.values()];
    for (const run of runs) run.abort.abort();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled(runs.map((run) => run.done)), grace]);
    clearTimeout(timer);
  }
}
