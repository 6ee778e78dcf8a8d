import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { findUserCredentials, type UserRecord } from '../data/stores/users';
import type { RequestContext, StoredRow } from '../engine/declaration';
import { RISK_LEVELS } from '../resources/terminal/commands';
import { TERMINAL_COMMAND, TERMINAL_SESSION } from '../resources/terminal/names';
import { AUDIT_FTP_LOG } from '../resources/audits/names';
import { asciicastGzip, saveReplay } from '../terminal/replay-store';
import { DEMO_ORGS, demoUsers } from './demo-data';
import { DEMO_FTP_FILES, demoAsciicast, planSessions } from './demo-sessions';
import { systemContext, type SeedEnv } from './seed-context';

/** Per org: sessions over the last weeks and how many of them are still online. */
const SESSIONS_PER_ORG: Readonly<Record<string, { count: number; online: number }>> = {
  Default: { count: 140, online: 3 },
  Finance: { count: 40, online: 1 },
  'R&D': { count: 30, online: 0 },
};

export const DEMO_SYSTEM_USERS = [
  { name: 'root', username: 'root' },
  { name: 'ops', username: 'ops' },
  { name: 'readonly', username: 'readonly' },
] as const;

export interface DemoSessionsResult {
  systemUsers: number;
  sessions: number;
  online: number;
  replays: number;
  commands: number;
  dangerous: number;
  ftpLogs: number;
}

const display = (user: UserRecord) => `${user.name}(${user.username})`;
const iso = (ms: number) => new Date(ms).toISOString();
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function orgPeople(env: SeedEnv, orgName: string): Promise<UserRecord[]> {
  const people: UserRecord[] = [];
  for (const user of demoUsers()) {
    if (!(orgName in user.orgRoles) || !user.isActive) continue;
    const found = await findUserCredentials(env.db, user.username);
    if (found) people.push(found.user);
  }
  return people;
}

/**
 * The system users sessions log in as, created by the administrator `admin` over the engine as a request
 * from the console would be — so the operate log holds these creations (docs/audit.md#operate-logs).
 */
async function ensureSystemUsers(env: SeedEnv, actor: RequestContext): Promise<StoredRow[]> {
  const resource = env.resources.get('assets.systemuser');
  const rows: StoredRow[] = [];
  for (const item of DEMO_SYSTEM_USERS) {
    const existing = await resource.find({ field: 'name', op: 'eq', value: item.name }, actor);
    rows.push(
      existing[0] ??
        (await resource.create(
          {
            ...item,
            protocol: 'ssh',
            // A credential is required; the demo hosts are not reachable, so nobody needs to know it.
            password: crypto.randomBytes(18).toString('base64url'),
            auto_push: false,
            comment: 'Demo',
          },
          actor,
        )),
    );
  }
  return rows;
}

/**
 * The demo's terminal activity (docs/demo.md#sessions), written through the same resources and replay
 * store the terminal-component API writes through: sessions over the last weeks (some still online),
 * their commands (some dangerous), an asciicast v2 replay for each finished one, and FTP logs.
 */
export async function seedDemoSessions(
  env: SeedEnv & { dataDir: string },
  admin: UserRecord | null,
  now = Date.now(),
): Promise<DemoSessionsResult> {
  const result: DemoSessionsResult = {
    systemUsers: 0,
    sessions: 0,
    online: 0,
    replays: 0,
    commands: 0,
    dangerous: 0,
    ftpLogs: 0,
  };
  const sessions = env.resources.get(TERMINAL_SESSION);
  const commands = env.resources.get(TERMINAL_COMMAND);
  const ftpLogs = env.resources.get(AUDIT_FTP_LOG);
  for (const [orgIndex, org] of DEMO_ORGS.entries()) {
    const sizes = SESSIONS_PER_ORG[org.name];
    if (!sizes) continue;
    const system = systemContext(org.id);
    // An administrator's request from the console's own host.
    const actor: RequestContext = admin
      ? {
          ...system,
          userId: admin.id,
          username: admin.username,
          userDisplay: display(admin),
          remoteAddr: '127.0.0.1',
        }
      : system;
    const systemUsers = await ensureSystemUsers(env, actor);
    result.systemUsers += systemUsers.length;
    const people = await orgPeople(env, org.name);
    const assets = (
      await env.resources.get('assets.asset').find({ field: 'platform', op: 'eq', value: 'Linux' }, system)
    ).filter((row) => Number(row.is_active) === 1);
    if (people.length === 0 || assets.length === 0) continue;
    const plans = planSessions(
      now,
      sizes.count,
      sizes.online,
      { users: people.length, assets: assets.length, systemUsers: systemUsers.length },
      1000 + orgIndex,
    );
    for (const [index, plan] of plans.entries()) {
      const user = people[plan.user] as UserRecord;
      const asset = assets[plan.asset] as StoredRow;
      const systemUser = systemUsers[plan.systemUser] as StoredRow;
      const assetName = `${String(asset.hostname)}(${String(asset.ip)})`;
      const systemUserName = `${String(systemUser.name)}(${String(systemUser.username)})`;
      const session = await sessions.create(
        {
          user: display(user),
          asset: assetName,
          system_user: systemUserName,
          user_id: user.id,
          asset_id: String(asset.id),
          system_user_id: String(systemUser.id),
          login_from: plan.loginFrom,
          remote_addr: plan.remoteAddr,
          protocol: 'ssh',
          date_start: iso(plan.start),
          ...(plan.end === null ? {} : { is_finished: true, date_end: iso(plan.end) }),
        },
        system,
      );
      result.sessions += 1;
      if (plan.end === null) result.online += 1;
      const sessionId = String(session.id);
      if (plan.commands.length > 0) {
        // One create per command, as the component's posted batch is validated row by row.
        for (const command of plan.commands)
          await commands.create(
            {
              user: display(user),
              asset: assetName,
              system_user: systemUserName,
              session: sessionId,
              input: command.input,
              output: base64(command.output),
              risk_level: command.dangerous ? RISK_LEVELS.dangerous : RISK_LEVELS.ordinary,
              timestamp: Math.floor(command.at / 1000),
            },
            system,
          );
        result.commands += plan.commands.length;
        result.dangerous += plan.commands.filter((command) => command.dangerous).length;
      }
      if (plan.end !== null) {
        const cast = demoAsciicast(
          plan,
          { user: String(systemUser.username), host: String(asset.hostname) },
          index,
        );
        // The upload route's check and store (terminal/replay-routes.ts), with the recording gzipped.
        await saveReplay(env.dataDir, sessionId, asciicastGzip(zlib.gzipSync(cast)));
        await sessions.setColumns(sessionId, { has_replay: true });
        result.replays += 1;
      }
      if (index % 9 === 4) {
        const [operate, filename, ok] = DEMO_FTP_FILES[result.ftpLogs % DEMO_FTP_FILES.length]!;
        await ftpLogs.create(
          {
            user: display(user),
            remote_addr: plan.remoteAddr,
            asset: assetName,
            system_user: systemUserName,
            operate,
            filename,
            is_success: ok,
          },
          system,
        );
        result.ftpLogs += 1;
      }
    }
  }
  return result;
}
