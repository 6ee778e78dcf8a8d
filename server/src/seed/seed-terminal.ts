import crypto from 'node:crypto';
import { ResourceTable } from '../data/resource-table';
import { compileResource } from '../engine/compile';
import type { StoredRow } from '../engine/declaration';
import { DEFAULT_ORG_ID } from '../orgs/org-ids';
import { commandResource, RISK_LEVELS } from '../resources/terminal/commands';
import { sessionResource } from '../resources/terminal/sessions';
import type { SeedEnv } from './seed-context';

/**
 * `seed --sessions N --commands M`: terminal sessions and commands in the Default org at scale (the audit
 * benchmark, docs/terminal.md#scale), loaded through the tables' bulk load in chunks (docs/data-layer.md#bulk-loads:
 * the derived indexes are built once afterwards) — validated creates of a million commands would take an hour. Sessions spread over the last 30 days, by 500 people on 5,000
 * hosts; commands spread over the sessions, one in twenty dangerous.
 */
export const MAX_SEED_SESSIONS = 1_000_000;
export const MAX_SEED_COMMANDS = 10_000_000;
const CHUNK = 20_000;
const DAY = 24 * 3600 * 1000;
const PEOPLE = 500;
const HOSTS = 5_000;
const WORDS = [
  'ls -l',
  'cat',
  'tail -f',
  'grep -r',
  'systemctl restart',
  'vim',
  'df -h',
  'ps aux',
  'top',
  'cd',
];
const PATHS = [
  '/var/log/messages',
  '/etc/nginx/nginx.conf',
  '/opt/app/logs',
  '/tmp',
  '/home/app',
  '/data/mysql',
];
const DANGEROUS = ['rm -rf /data/tmp', 'shutdown -h now', 'chmod -R 777 /', 'mkfs.ext4 /dev/sdb'];

export interface TerminalSeedResult {
  sessions: number;
  commands: number;
  seconds: number;
}

export async function seedTerminal(
  env: SeedEnv,
  counts: { sessions: number; commands: number },
  now = Date.now(),
): Promise<TerminalSeedResult> {
  const started = performance.now();
  const userIds = Array.from({ length: PEOPLE }, () => crypto.randomUUID());
  const assetIds = Array.from({ length: HOSTS }, () => crypto.randomUUID());
  const sessionTable = new ResourceTable(env.db, compileResource(sessionResource), () => undefined);
  const commandTable = new ResourceTable(env.db, compileResource(commandResource), () => undefined);
  const sessions: Array<{ id: string; start: number; user: number; asset: number }> = [];
  const sessionCount = Math.max(counts.sessions, counts.commands > 0 ? 1 : 0);
  await sessionTable.bulkLoad(async (insert) => {
    for (let from = 0; from < sessionCount; from += CHUNK) {
      const rows: StoredRow[] = [];
      for (let i = from; i < Math.min(sessionCount, from + CHUNK); i += 1) {
        const id = crypto.randomUUID();
        // Spread over 30 days, newest first; the newest few are still online.
        const start = now - Math.floor((i / sessionCount) * 30 * DAY) - 60_000;
        const user = (i * 7) % PEOPLE;
        const asset = (i * 13) % HOSTS;
        sessions.push({ id, start, user, asset });
        const online = i < 20;
        // Stored form of the engine (engine/runtime encode): booleans 0/1, datetimes in ms.
        rows.push({
          id,
          org_id: DEFAULT_ORG_ID,
          user_display: `User ${user}(user${user})`,
          user_id: userIds[user] as string,
          asset: `host-${asset}(10.${asset >> 8}.${asset & 255}.1)`,
          asset_id: assetIds[asset] as string,
          system_user: 'root(root)',
          system_user_id: '',
          login_from: i % 3 === 0 ? 'ST' : 'WT',
          remote_addr: `192.168.${(i >> 8) & 255}.${i & 255}`,
          protocol: 'ssh',
          is_success: 1,
          is_finished: online ? 0 : 1,
          has_replay: 0,
          date_start: start,
          date_end: online ? null : start + 600_000,
        });
      }
      await insert(rows);
    }
  });
  await commandTable.bulkLoad(async (insert) => {
    for (let from = 0; from < counts.commands; from += CHUNK) {
      const rows: StoredRow[] = [];
      for (let i = from; i < Math.min(counts.commands, from + CHUNK); i += 1) {
        const session = sessions[i % sessions.length] as (typeof sessions)[number];
        const dangerous = i % 20 === 0;
        const input = dangerous
          ? (DANGEROUS[i % DANGEROUS.length] as string)
          : `${WORDS[i % WORDS.length]} ${PATHS[(i >> 3) % PATHS.length]}/${i % 997}`;
        rows.push({
          id: crypto.randomUUID(),
          org_id: DEFAULT_ORG_ID,
          user_display: `User ${session.user}(user${session.user})`,
          asset: `host-${session.asset}(10.${session.asset >> 8}.${session.asset & 255}.1)`,
          system_user: 'root(root)',
          session: session.id,
          input,
          output: '',
          risk_level: dangerous ? RISK_LEVELS.dangerous : RISK_LEVELS.ordinary,
          timestamp: Math.floor(session.start / 1000) + 5 * Math.floor(i / sessions.length),
          remote_addr: null,
        });
      }
      await insert(rows);
    }
  });
  return {
    sessions: sessionCount,
    commands: counts.commands,
    seconds: (performance.now() - started) / 1000,
  };
}
