import type { ExtraAction, ExtraActionCall, ResourceDirectory, StoredRow } from '../engine/declaration';
import { ResponseError, permissionDenied } from '../http/api-error';
import { allows } from '../rbac/authorize';
import { assetSshTarget, openSystemUser } from '../resources/asset-access/ssh-targets';
import { ASSET } from '../resources/assets/node-store';
import { sshFailureOf, withSsh } from '../ssh/ssh-client';
import { opsMessage } from './messages';
import { rootRunner, shq } from './sudo';
import { runnerFor, type RunHandle, type RunOutcome } from './task-runner';

/**
 * `POST system-users/{id}/tasks/` `{action: push|test, asset?, assets?}` (docs/ssh.md#tasks): over SSH,
 * per asset (the ones named, else the system user's assets).
 * - test: logs in as the system user.
 * - push: logs in as the asset's admin user, creates the account (shell, home, groups), sets its password,
 *   adds its public key and writes its sudo rule, then logs in as the new account to prove it works.
 * Secrets travel on the command's standard input, never in its arguments (other users of the host may read
 * those) nor in the log.
 */

/** The push script; reads the password and the public key (one line each) from standard input. */
export function pushScript(user: StoredRow): string {
  const name = String(user.username);
  const shell = String(user.shell || '/bin/bash');
  const home = String(user.home || '');
  const groups = String(user.system_groups || '')
    .split(',')
    .map((g) => g.trim())
    .filter((g) => /^[a-z_][a-z0-9_-]*$/i.test(g));
  const sudo = String(user.sudo || '')
    .split(/[,\n]/)
    .map((c) => c.trim())
    .filter(Boolean);
  const lines = [
    'set -e',
    `u=${shq(name)}`,
    'IFS= read -r pw || true',
    'IFS= read -r pub || true',
    ...groups.map((g) => `getent group ${shq(g)} >/dev/null || groupadd ${shq(g)}`),
    `if ! id -u "$u" >/dev/null 2>&1; then useradd -m -s ${shq(shell)}${home ? ` -d ${shq(home)}` : ''}${
      groups.length ? ` -G ${shq(groups.join(','))}` : ''
    } "$u"; fi`,
    '[ -n "$pw" ] && printf \'%s:%s\\n\' "$u" "$pw" | chpasswd',
    'h=$(getent passwd "$u" | cut -d: -f6)',
    'if [ -n "$pub" ]; then mkdir -p "$h/.ssh"; touch "$h/.ssh/authorized_keys"; grep -qxF "$pub" "$h/.ssh/authorized_keys" || printf \'%s\\n\' "$pub" >> "$h/.ssh/authorized_keys"; chown -R "$u" "$h/.ssh"; chmod 700 "$h/.ssh"; chmod 600 "$h/.ssh/authorized_keys"; fi',
    sudo.length
      ? `mkdir -p /etc/sudoers.d && printf '%s ALL=(ALL) NOPASSWD: %s\\n' "$u" ${shq(sudo.join(', '))} > /etc/sudoers.d/"$u" && chmod 440 /etc/sudoers.d/"$u"`
      : 'rm -f /etc/sudoers.d/"$u"',
    'echo pushed',
  ];
  return lines.join('\n');
}

/** The work of one push or test run over (system user, asset) pairs, one after the other. */
export function systemUserWork(
  resources: ResourceDirectory,
  action: 'push' | 'test',
  pairs: ReadonlyArray<readonly [user: StoredRow, asset: StoredRow]>,
): (run: RunHandle) => Promise<RunOutcome> {
  return async (run) => {
    const outcome: RunOutcome = { contacted: [], dark: {} };
    for (const [user, asset] of pairs) {
      const secrets = openSystemUser(resources, user);
      const host = String(asset.hostname ?? '');
      const address = String(asset.ip ?? '');
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      const fail = (reason: string) => {
        outcome.dark[host] = reason;
        run.log(opsMessage('logHostFailed', run.language, { host, address, ms: ms(), reason }));
      };
      try {
        if (action === 'push') {
          const admin = await assetSshTarget(resources, asset);
          if (!admin) {
            fail(opsMessage('refreshNeedsAdminUser', run.language));
            continue;
          }
          const stdin = `${secrets.password}\n${secrets.publicKey}\n`;
          const result = await withSsh(
            admin,
            async (s) => {
              // A non-root admin pushes through sudo (docs/ssh.md#tasks).
              const root = await rootRunner(s, admin);
              if (!root) return null;
              return s.exec(root.wrap(pushScript(user)), { stdin: root.stdinPrefix + stdin });
            },
            { signal: run.signal },
          );
          if (!result) {
            fail(opsMessage('sudoRefused', run.language, { user: String(admin.username ?? '') }));
            continue;
          }
          if (result.code !== 0) {
            fail(result.stderr.trim().split('\n').slice(-1)[0] ?? `exit ${String(result.code)}`);
            continue;
          }
        }
        // Then log in as the system user itself (after a push: proof that the account works).
        const target = await assetSshTarget(resources, asset, user.id);
        if (!target) {
          fail(opsMessage('refreshNeedsAdminUser', run.language));
          continue;
        }
        const whoami = await withSsh(target, (s) => s.exec('id -un'), { signal: run.signal });
        if (whoami.stdout.trim() !== secrets.username) {
          fail(whoami.stderr.trim() || whoami.stdout.trim());
          continue;
        }
        outcome.contacted.push(host);
        run.log(opsMessage('logHostOk', run.language, { host, address, ms: ms() }));
      } catch (error) {
        fail(sshFailureOf(error).text(run.language));
      }
    }
    return outcome;
  };
}

async function systemUserTasks(call: ExtraActionCall) {
  const { ctx, resources, body } = call;
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const action = input.action;
  if (action !== 'push' && action !== 'test')
    throw new ResponseError(400, { action: [opsMessage('badSystemUserAction', ctx.language)] });
  const code = action === 'push' ? 'assets.push_assetsystemuser' : 'assets.test_assetconnectivity';
  if (!allows(ctx, [code])) throw permissionDenied();
  const user = call.row ?? {};
  const named = [
    ...(typeof input.asset === 'string' ? [input.asset] : []),
    ...(Array.isArray(input.assets) ? input.assets.filter((a): a is string => typeof a === 'string') : []),
  ];
  const ids = named.length
    ? named
    : await resources.get('assets.systemuser').linked('assets', String(user.id));
  const assets = ids.length
    ? await resources
        .get(ASSET)
        .find({ field: 'id', op: 'in', values: ids }, { ...ctx, orgId: String(user.org_id) })
    : [];
  const task = await runnerFor(resources).start({
    ctx,
    orgId: String(user.org_id),
    kind: action === 'push' ? 'system_user_push' : 'system_user_test',
    subject: String(user.name ?? ''),
    hosts: assets.map((a) => String(a.id)),
    work: systemUserWork(
      resources,
      action,
      assets.map((asset) => [user, asset] as const),
    ),
  });
  return { body: { task } };
}

/** The extra action of the system-user declaration (resources/asset-access/system-user.ts). */
export const SYSTEM_USER_TASKS_ACTION: ExtraAction = {
  path: 'tasks/',
  detail: true,
  methods: ['POST'],
  permissions: ['assets.push_assetsystemuser|assets.test_assetconnectivity'],
  needsOrg: true,
  handler: systemUserTasks,
};
