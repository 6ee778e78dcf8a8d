import type { ExtraAction, ExtraActionCall, ResourceDirectory, StoredRow } from '../engine/declaration';
import { ResponseError } from '../http/api-error';
import { accessMessage } from '../resources/asset-access/messages';
import { accountSshTarget } from '../resources/asset-access/ssh-targets';
import { ASSET } from '../resources/assets/node-store';
import { sshFailureOf, withSsh } from '../ssh/ssh-client';
import { opsMessage } from './messages';
import { runnerFor, systemContext, type RunHandle, type RunOutcome } from './task-runner';

const ACCOUNT = 'assets.authbook';
const TEST_CODE = 'assets.test_authbook';

/**
 * The test of asset accounts (docs/accounts.md#testing): logs in to each account's asset over SSH with the
 * account's user name and secrets (through the domain's gateway), checks who it is, and records the
 * account's connectivity and date verified. One log line per account; secrets never reach the log.
 */
export function accountTestWork(
  resources: ResourceDirectory,
  accounts: readonly StoredRow[],
): (run: RunHandle) => Promise<RunOutcome> {
  return async (run) => {
    const outcome: RunOutcome = { contacted: [], dark: {} };
    const store = resources.get(ACCOUNT);
    for (const account of accounts) {
      const ctx = { ...systemContext(run.language), orgId: String(account.org_id) };
      const asset = await resources.get(ASSET).get(String(account.asset), ctx);
      const host = String(asset?.hostname ?? '');
      const address = String(asset?.ip ?? '');
      const label = `${host}(${String(account.username)})`;
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      let reason: string | null = null;
      const target = asset ? await accountSshTarget(resources, account, asset) : null;
      if (!target) reason = opsMessage('accountNoSsh', run.language);
      else
        try {
          const who = await withSsh(target, (s) => s.exec('id -un'), { signal: run.signal });
          if (who.stdout.trim() !== String(account.username))
            reason = who.stderr.trim() || `id: ${who.stdout.trim()}`;
        } catch (error) {
          reason = sshFailureOf(error).text(run.language);
        }
      await store.setColumns(String(account.id), {
        connectivity: reason === null ? 'ok' : 'failed',
        date_verified: Date.now(),
      });
      if (reason === null) {
        outcome.contacted.push(label);
        run.log(opsMessage('logHostOk', run.language, { host: label, address, ms: ms() }));
      } else {
        outcome.dark[label] = reason;
        run.log(opsMessage('logHostFailed', run.language, { host: label, address, ms: ms(), reason }));
      }
    }
    return outcome;
  };
}

async function startTest(call: ExtraActionCall, accounts: readonly StoredRow[], subject: string) {
  const orgId = String(accounts[0]?.org_id ?? call.ctx.orgId);
  const task = await runnerFor(call.resources).start({
    ctx: call.ctx,
    orgId,
    kind: 'account_test',
    subject,
    hosts: [...new Set(accounts.map((a) => String(a.asset)))],
    work: accountTestWork(call.resources, accounts),
  });
  return { body: { task } };
}

/** `POST accounts/{id}/verify/` → `{task}`: tests one account. */
const VERIFY_ACTION: ExtraAction = {
  path: 'verify/',
  detail: true,
  methods: ['POST'],
  permissions: [TEST_CODE],
  handler: (call) => {
    const row = call.row ?? {};
    return startTest(call, [row], String(row.username ?? ''));
  },
};

/**
 * `POST accounts/tasks/` `{action: "test", asset?, systemuser?, ids?}` → `{task}`: tests the accounts of an
 * asset or a system user (or the ones named) in the current org. v2.21 lets anybody signed in start it;
 * here it asks the same right as testing one account.
 */
const TASKS_ACTION: ExtraAction = {
  path: 'tasks/',
  detail: false,
  methods: ['POST'],
  permissions: [TEST_CODE, 'assets.view_authbook'],
  handler: async (call) => {
    const input = (typeof call.body === 'object' && call.body !== null ? call.body : {}) as Record<
      string,
      unknown
    >;
    if (input.action !== 'test')
      throw new ResponseError(400, { action: [accessMessage('accountAction', call.ctx.language)] });
    const conditions = [];
    for (const field of ['asset', 'systemuser'] as const)
      if (typeof input[field] === 'string')
        conditions.push({ field, op: 'eq' as const, value: input[field] });
    if (Array.isArray(input.ids))
      conditions.push({
        field: 'id',
        op: 'in' as const,
        values: input.ids.filter((i) => typeof i === 'string'),
      });
    if (conditions.length === 0)
      throw new ResponseError(400, { asset: [opsMessage('accountTargets', call.ctx.language)] });
    const accounts = await call.resources.get(ACCOUNT).find({ allOf: conditions }, call.ctx);
    return startTest(call, accounts, String(accounts.length));
  },
};

export const ACCOUNT_TASK_ACTIONS: readonly ExtraAction[] = [VERIFY_ACTION, TASKS_ACTION];
