import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import type { Language, StoredRow } from '../engine/declaration';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { ApiError, permissionDenied } from '../http/api-error';
import { messageCatalogue } from '../http/message-catalogue';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { allows } from '../rbac/authorize';
import {
  TERMINAL_COMMAND,
  TERMINAL_COMMAND_STORAGE,
  TERMINAL_REPLAY_STORAGE,
} from '../resources/terminal/names';
import { replayDir } from './replay-store';

export interface StorageVerdict {
  is_valid: boolean;
  msg: string;
}

const say = messageCatalogue({
  nullKind: {
    en: 'A storage of the null kind keeps nothing; there is nothing to reach.',
    zh: '空类型的存储不保存任何内容，无需连接。',
    ja: 'ヌル型のストレージは何も保存しないため、接続先はありません。',
  },
  replayOk: {
    en: 'The replay directory on this server can be written and read.',
    zh: '本服务器的录像目录可以写入和读取。',
    ja: 'このサーバーのリプレイディレクトリは書き込み・読み取りできます。',
  },
  replayFailed: {
    en: 'The replay directory on this server cannot be written: {error}',
    zh: '本服务器的录像目录无法写入：{error}',
    ja: 'このサーバーのリプレイディレクトリに書き込めません: {error}',
  },
  commandOk: {
    en: 'The database answers: {count} commands stored.',
    zh: '数据库连接正常：已保存 {count} 条命令。',
    ja: 'データベースは応答しました: {count} 件のコマンドが保存されています。',
  },
  commandFailed: {
    en: 'The database does not answer: {error}',
    zh: '数据库无响应：{error}',
    ja: 'データベースが応答しません: {error}',
  },
  remote: {
    en: 'Storages of the {type} kind are written by the terminal components; this server cannot reach them and did not test the connection. The settings are saved.',
    zh: '{type} 类型的存储由终端组件写入，本服务器无法连接，未测试连接。配置已保存。',
    ja: '{type} 型のストレージはターミナルコンポーネントが書き込みます。このサーバーからは接続できないため、接続テストは行っていません。設定は保存されています。',
  },
});

/** Writes, reads back and removes a probe file in the replay directory. */
async function probeReplayDir(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true });
  const probe = path.join(dir, `.probe-${crypto.randomUUID()}`);
  const content = crypto.randomBytes(16);
  try {
    await fs.promises.writeFile(probe, content);
    if (!(await fs.promises.readFile(probe)).equals(content)) throw new Error('read back differs');
  } finally {
    await fs.promises.rm(probe, { force: true });
  }
}

/**
 * `GET …/replay-storages/{id}/test-connective/` and `…/command-storages/{id}/test-connective/`
 * (docs/terminal-settings.md#storages): a storage of the server kind is really tried — a probe file in the
 * replay directory, a query of the command table —; other kinds are said plainly not to be reachable from
 * here, never reported as working.
 */
export function registerStorageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const test = async (storage: StoredRow, resource: string, lang: Language): Promise<StorageVerdict> => {
    if (storage.type === 'null') return { is_valid: true, msg: say('nullKind', lang) };
    if (storage.type !== 'server')
      return { is_valid: false, msg: say('remote', lang, { type: String(storage.type) }) };
    if (resource === TERMINAL_REPLAY_STORAGE)
      try {
        await probeReplayDir(replayDir(ctx.config.dataDir));
        return { is_valid: true, msg: say('replayOk', lang) };
      } catch (error) {
        return { is_valid: false, msg: say('replayFailed', lang, { error: String(error) }) };
      }
    try {
      const count = await registry.resource(TERMINAL_COMMAND).count(null, {
        userId: '',
        username: 'System',
        orgId: ROOT_ORG_ID,
        perms: new Set(),
        isSystemAdmin: true,
        language: lang,
      });
      return { is_valid: true, msg: say('commandOk', lang, { count: String(count) }) };
    } catch (error) {
      return { is_valid: false, msg: say('commandFailed', lang, { error: String(error) }) };
    }
  };

  for (const [resource, url] of [
    [TERMINAL_REPLAY_STORAGE, '/api/v1/terminal/replay-storages/:id/test-connective/'],
    [TERMINAL_COMMAND_STORAGE, '/api/v1/terminal/command-storages/:id/test-connective/'],
  ] as const)
    app.get(url, async (request) => {
      const rctx = await requestContext(ctx.db, request);
      if (!allows(rctx, [`terminal.view_${resource.split('.')[1]}`])) throw permissionDenied();
      const { id } = request.params as { id: string };
      const storage = await registry
        .resource(resource)
        .get(id, rctx)
        .catch(() => null);
      if (!storage) throw new ApiError(404, 'Not found.', 'not_found');
      return test(storage, resource, rctx.language);
    });
}
