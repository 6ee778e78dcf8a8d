import crypto from 'node:crypto';
import { openSecret, sealSecret } from '../../auth/secret-box';
import {
  defineResource,
  type FieldErrors,
  type RequestContext,
  type ResourceDeclaration,
  type StoredRow,
} from '../../engine/declaration';
import { ApiError, ResponseError } from '../../http/api-error';
import { accessMessage } from '../asset-access/messages';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { l, LABELS } from '../label';
import {
  DEFAULT_COMMAND_STORAGE,
  DEFAULT_REPLAY_STORAGE,
  TERMINAL_COMMAND_STORAGE,
  TERMINAL_REPLAY_STORAGE,
  TERMINAL_TABLES,
  TERMINAL_TERMINAL,
} from './names';
import {
  COMMAND_STORAGE_KINDS,
  REPLAY_STORAGE_KINDS,
  cleanMeta,
  kindChoices,
  publicMeta,
  secretMetaKeys,
  type StorageKind,
} from './storage-kinds';
import type { SecretDeps } from '../asset-access/secrets';

const rootOf = (ctx: RequestContext): RequestContext => ({ ...ctx, orgId: ROOT_ORG_ID });

const refused = (ctx: RequestContext, text: { zh: string; en: string; ja: string }) =>
  new ResponseError(400, { error: text[ctx.language] });

/**
 * A replay or command storage (docs/terminal-settings.md#storages), global: a name, a kind and the kind's
 * `meta` (secrets write-only), one of them the default. The built-in `default` of the server kind cannot be
 * deleted, nor a storage a component still uses (components name their storage).
 */
/** A secret of a storage's `meta` is bound to its table, row and key (auth/secret-box.ts). */
const metaBinding = (table: string, id: string, key: string): string => `${table}:${id}:meta.${key}`;

/**
 * A stored storage's `meta` with its secrets opened, for the component it is assigned to (its config) and
 * nobody else. A secret sealed with another data folder's key opens to nothing.
 */
export function openStorageMeta(
  dataDir: string,
  table: string,
  kinds: Readonly<Record<string, StorageKind>>,
  row: StoredRow,
): Record<string, unknown> {
  const meta = { ...((row.meta_data ?? {}) as Record<string, unknown>) };
  for (const key of secretMetaKeys(typeof row.type === 'string' ? kinds[row.type] : undefined)) {
    const sealed = meta[key];
    if (typeof sealed === 'string' && sealed !== '')
      meta[key] = openSecret(dataDir, metaBinding(table, String(row.id), key), sealed) ?? '';
  }
  return meta;
}

function storageResource(options: {
  name: string;
  url: string;
  table: string;
  label: { zh: string; en: string; ja: string };
  kinds: Readonly<Record<string, StorageKind>>;
  /** The component's field that names this kind of storage. */
  terminalField: 'replay_storage' | 'command_storage';
  builtinName: string;
  deps: SecretDeps;
}): ResourceDeclaration {
  const kindOf = (type: unknown): StorageKind | undefined =>
    typeof type === 'string' ? options.kinds[type] : undefined;
  return defineResource({
    name: options.name,
    url: options.url,
    table: options.table,
    orgScoped: false,
    label: options.label,
    fields: {
      name: { kind: 'string', label: LABELS.name, maxLength: 128, required: true, unique: true },
      type: {
        kind: 'choice',
        label: l('类型', 'Type', 'タイプ'),
        choices: kindChoices(options.kinds),
        default: 'server',
        display: true,
      },
      // Written here, checked per kind by the hooks and kept in `meta_data`; read back without secrets.
      meta: {
        kind: 'json',
        label: l('配置', 'Meta', '設定'),
        virtual: true,
        compute: (row) => publicMeta(kindOf(row.type), row.meta_data),
      },
      meta_data: { kind: 'json', label: l('配置', 'Meta', '設定'), readOnly: true, writeOnly: true },
      is_default: { kind: 'boolean', label: l('默认', 'Default', 'デフォルト'), default: false },
      comment: { kind: 'text', label: LABELS.comment, default: '' },
    },
    searchFields: ['name', 'type'],
    filterFields: ['name', 'type', 'is_default'],
    orderingFields: ['name', 'type'],
    defaultOrdering: ['name'],
    fieldsMini: ['id', 'name', 'type'],
    bulkDelete: false,
    customFilters: {
      // `real=1`: without the storage that keeps nothing.
      real: (value) => (['1', 'true'].includes(value) ? { field: 'type', op: 'ne', value: 'null' } : null),
    },
    hooks: {
      validate: (data, ctx, existing): FieldErrors | null => {
        const type = data.type ?? existing?.type ?? 'server';
        const kind = kindOf(type);
        if (!kind) return null; // the choice check of `type` answers
        if (existing && existing.name === options.builtinName && data.type && data.type !== existing.type)
          return { type: [refusedText.builtinType[ctx.language]] };
        const stored =
          existing && existing.type === type ? ((existing.meta_data ?? {}) as Record<string, unknown>) : {};
        const cleaned = cleanMeta(kind, data.meta, stored, ctx.language);
        if ('errors' in cleaned)
          return {
            meta: Object.entries(cleaned.errors).flatMap(([key, messages]) =>
              messages.map((text) => (key === 'meta' ? text : `${key}: ${text}`)),
            ),
          };
        // Secrets sealed at rest like the credentials of system users (docs/terminal-settings.md#storages);
        // the row gets its id now, as the seal is bound to it.
        if (cleaned.fresh.length > 0) {
          const dataDir = options.deps.config?.dataDir;
          if (!dataDir)
            throw new ApiError(500, accessMessage('noSealingKey', ctx.language), 'no_sealing_key');
          if (!existing && (typeof data.id !== 'string' || data.id === '')) data.id = crypto.randomUUID();
          const id = String(existing ? existing.id : data.id);
          for (const key of cleaned.fresh)
            cleaned.meta[key] = sealSecret(
              dataDir,
              metaBinding(options.table, id, key),
              String(cleaned.meta[key]),
            );
        }
        data.meta_data = cleaned.meta;
        return null;
      },
      afterSave: async (row, ctx, _created, _input, resources) => {
        if (row.is_default !== true) return;
        // One default at a time: saving one as default clears the flag elsewhere.
        const self = resources.get(options.name);
        const others = await self.find(
          {
            allOf: [
              { field: 'is_default', op: 'eq', value: 1 },
              { field: 'id', op: 'ne', value: row.id },
            ],
          },
          rootOf(ctx),
        );
        for (const other of others) await self.setColumns(String(other.id), { is_default: false });
      },
      beforeDelete: async (row, ctx, resources) => {
        if (row.type === 'server' || row.type === 'null' || row.name === options.builtinName)
          throw refused(ctx, refusedText.builtin);
        const users = await resources
          .get(TERMINAL_TERMINAL)
          .count({ field: options.terminalField, op: 'eq', value: row.name }, rootOf(ctx));
        if (users > 0) throw refused(ctx, refusedText.inUse);
      },
    },
  });
}

const refusedText = {
  builtin: l(
    '本地类型的存储不能删除',
    'A storage of the server or null kind cannot be deleted',
    'サーバー型・ヌル型のストレージは削除できません',
  ),
  builtinType: l(
    '内置存储的类型不能修改',
    'The built-in storage keeps its kind',
    '組み込みストレージの種類は変更できません',
  ),
  inUse: l(
    '该存储正被终端组件使用，不能删除',
    'The storage is used by a component and cannot be deleted',
    'このストレージはコンポーネントが使用中のため削除できません',
  ),
};

export const replayStorageResource = (deps: SecretDeps): ResourceDeclaration =>
  storageResource({
    deps,
    name: TERMINAL_REPLAY_STORAGE,
    url: '/api/v1/terminal/replay-storages/',
    table: TERMINAL_TABLES.replayStorage,
    label: l('录像存储', 'Replay storage', 'リプレイストレージ'),
    kinds: REPLAY_STORAGE_KINDS,
    terminalField: 'replay_storage',
    builtinName: DEFAULT_REPLAY_STORAGE.name,
  });

export const commandStorageResource = (deps: SecretDeps): ResourceDeclaration =>
  storageResource({
    deps,
    name: TERMINAL_COMMAND_STORAGE,
    url: '/api/v1/terminal/command-storages/',
    table: TERMINAL_TABLES.commandStorage,
    label: l('命令存储', 'Command storage', 'コマンドストレージ'),
    kinds: COMMAND_STORAGE_KINDS,
    terminalField: 'command_storage',
    builtinName: DEFAULT_COMMAND_STORAGE.name,
  });
