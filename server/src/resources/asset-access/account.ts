import {
  defineResource,
  type FieldDeclaration,
  type FieldErrors,
  type ResourceDeclaration,
  type StoredRow,
} from '../../engine/declaration';
import { fkDisplayField } from '../../engine/fk-display';
import { ACCOUNT_TASK_ACTIONS } from '../../ops/account-tasks';
import { readProtocols } from '../assets/asset-protocols';
import { choice, l } from '../label';
import { ASSET_ROW_FILTERS } from './asset-row-filters';
import { STAMP_FIELDS } from './common-fields';
import { accessMessage } from './messages';
import { sealSecrets, secretFields, validateSecrets, type SecretDeps } from './secrets';
import { ACCOUNT_TABLE, accountSecrets } from './ssh-targets';

export const ACCOUNT = 'assets.authbook';
export const ACCOUNT_SECRET = 'assets.assetaccountsecret';
export const ACCOUNT_SECRETS_URL = '/api/v1/assets/account-secrets/';
const SECRETS = ['password', 'private_key', 'passphrase'] as const;

const assetText =
  (field: string) =>
  (asset: StoredRow): string =>
    field === 'protocols' ? readProtocols(asset.protocols).join(', ') : String(asset[field] ?? '');

/** The fields both views of an account show (every one but the secrets). */
function readableFields(): Record<string, FieldDeclaration> {
  const fromAsset = (field: string, label: FieldDeclaration['label']) =>
    fkDisplayField({ fk: 'asset', to: 'assets.asset', label, text: assetText(field) });
  return {
    username: {
      kind: 'string',
      label: l('用户名', 'Username', 'ユーザー名'),
      required: true,
      maxLength: 128,
    },
    ip: fromAsset('ip', l('IP', 'IP', 'IP')),
    hostname: fromAsset('hostname', l('主机名', 'Hostname', 'ホスト名')),
    platform: fromAsset('platform', l('系统平台', 'Platform', 'プラットフォーム')),
    protocols: fromAsset('protocols', l('协议组', 'Protocols', 'プロトコル')),
    version: { kind: 'integer', label: l('版本', 'Version', 'バージョン'), default: 1, readOnly: true },
    connectivity: {
      kind: 'choice',
      label: l('可连接性', 'Connectivity', '接続性'),
      default: 'unknown',
      readOnly: true,
      choices: [
        choice('unknown', '未知', 'Unknown', '不明'),
        choice('ok', '正常', 'Ok', '正常'),
        choice('failed', '失败', 'Failed', '失敗'),
      ],
    },
    date_verified: {
      kind: 'datetime',
      label: l('校验日期', 'Date verified', '確認日'),
      readOnly: true,
      nullable: true,
    },
    asset: { kind: 'fk', to: 'assets.asset', label: l('资产', 'Asset', 'アセット'), required: true },
    systemuser: {
      kind: 'fk',
      to: 'assets.systemuser',
      label: l('系统用户', 'System user', 'システムユーザー'),
      nullable: true,
      default: null,
    },
    systemuser_display: fkDisplayField({
      fk: 'systemuser',
      to: 'assets.systemuser',
      label: l('系统用户名称', 'System user display', 'システムユーザー表示'),
      text: (user) => `${String(user.name)}(${String(user.username)})`,
    }),
    date_created: STAMP_FIELDS.date_created!,
    date_updated: STAMP_FIELDS.date_updated!,
    comment: STAMP_FIELDS.comment!,
  };
}

/** `username=`: the account's own user name or its system user's (v2.21's filter). */
const byUsername = (value: string) => ({
  anyOf: [
    { field: 'username', op: 'eq' as const, value },
    { field: 'systemuser__username', op: 'eq' as const, value },
  ],
});

const LIST_SHAPE = {
  table: ACCOUNT_TABLE,
  orgScoped: true,
  searchFields: ['username', 'asset__ip', 'asset__hostname', 'systemuser__username'],
  filterFields: ['asset', 'systemuser', 'id'],
  customFilters: {
    ...ASSET_ROW_FILTERS,
    username: byUsername,
    // The asset detail's system-users tab: the accounts that are a system user's link to the asset.
    systemuser__isnull: (value: string) => ({
      field: 'systemuser',
      op: value === 'true' ? ('eq' as const) : ('ne' as const),
      value: null,
    }),
  },
  orderingFields: ['username', 'date_created', 'date_updated', 'version', 'connectivity'],
  defaultOrdering: ['username'],
  fieldsMini: ['id', 'username'],
  dateRangeField: 'date_created',
} as const;

/** The rules of an account write beyond its fields: one account per (user name, asset, system user). */
async function validateAccount(
  deps: SecretDeps,
  data: StoredRow,
  ctx: Parameters<NonNullable<NonNullable<ResourceDeclaration['hooks']>['validate']>>[1],
  existing: StoredRow | null,
  resources: Parameters<NonNullable<NonNullable<ResourceDeclaration['hooks']>['validate']>>[3],
): Promise<FieldErrors | null> {
  const errors: FieldErrors = { ...validateSecrets(deps, ACCOUNT_TABLE, data, ctx, existing) };
  const pick = (field: string) => (data[field] !== undefined ? data[field] : (existing?.[field] ?? null));
  if (data.username !== undefined || data.asset !== undefined || data.systemuser !== undefined) {
    const same = await resources.get(ACCOUNT).find(
      {
        allOf: [
          { field: 'username', op: 'eq', value: pick('username') },
          { field: 'asset', op: 'eq', value: pick('asset') },
          pick('systemuser') === null
            ? { field: 'systemuser', op: 'eq', value: null }
            : { field: 'systemuser', op: 'eq', value: pick('systemuser') },
        ],
      },
      existing ? { ...ctx, orgId: String(existing.org_id) } : ctx,
    );
    if (same.some((row) => row.id !== existing?.id))
      errors.username = [accessMessage('accountTaken', ctx.language)];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Asset accounts, v2.21's "AuthBook" (docs/accounts.md): the user name and secrets to log in to one asset,
 * for one system user (its secrets fall back to the system user's) or on their own. Secrets are sealed
 * (./secrets.ts) and write-only here; only the MFA-gated `account-secrets` view below reads them. An account
 * of a system user is its link to the asset: creating one links them, deleting it unlinks them.
 */
export function accountResource(deps: SecretDeps): ResourceDeclaration {
  return defineResource({
    ...LIST_SHAPE,
    name: ACCOUNT,
    url: '/api/v1/assets/accounts/',
    label: l('账号', 'Account', 'アカウント'),
    fields: { ...readableFields(), ...secretFields(SECRETS) },
    bulkDelete: 'org',
    // Changing an account is changing its secret (v2.21 asks change_assetaccountsecret for PATCH).
    permissions: { change: 'assets.change_assetaccountsecret' },
    hooks: {
      validate: (data, ctx, existing, resources) => validateAccount(deps, data, ctx, existing, resources),
      beforeSave: (data, ctx, existing) => {
        const changed = SECRETS.some((field) => typeof data[field] === 'string' && data[field] !== '');
        sealSecrets(deps, ACCOUNT_TABLE, SECRETS, data, ctx, existing);
        if (existing === null) {
          data.version = 1;
          data.connectivity = 'unknown';
        } else if (changed) data.version = Number(existing.version ?? 1) + 1;
      },
      afterSave: async (row, _ctx, created, _input, resources) => {
        if (created && typeof row.systemuser === 'string' && row.systemuser !== '')
          await resources.get('assets.systemuser').link('assets', row.systemuser, [String(row.asset)], 'add');
      },
      beforeDelete: async (row, ctx, resources) => {
        if (typeof row.systemuser !== 'string' || row.systemuser === '') return;
        const others = await resources.get(ACCOUNT).count(
          {
            allOf: [
              { field: 'systemuser', op: 'eq', value: row.systemuser },
              { field: 'asset', op: 'eq', value: row.asset },
              { field: 'id', op: 'ne', value: row.id },
            ],
          },
          { ...ctx, orgId: String(row.org_id) },
        );
        if (others === 0)
          await resources
            .get('assets.systemuser')
            .link('assets', row.systemuser, [String(row.asset)], 'remove');
      },
    },
    extraActions: ACCOUNT_TASK_ACTIONS,
  });
}

/**
 * `account-secrets/`: the same rows with `password`, `private_key`, `passphrase` and `public_key` readable
 * (each falling back to the system user's), read-only, for `assets.view_assetaccountsecret` — and only after
 * a recent MFA proof: every route under this URL passes `requireMfaVerified` first
 * (auth/secret-routes-gate.ts). Lists, details and exports alike.
 */
export function accountSecretResource(): ResourceDeclaration {
  const opened = (
    key: 'password' | 'privateKey' | 'passphrase' | 'publicKey',
    label: FieldDeclaration['label'],
  ) =>
    ({
      kind: 'text',
      label,
      readOnly: true,
      computeMany: async (rows, ctx, resources) => {
        // The sealed columns are read through the account declaration, which owns them.
        const ids = rows.map((row) => String(row.id));
        const stored = await resources.get(ACCOUNT).find({ field: 'id', op: 'in', values: ids }, ctx);
        const byId = new Map(stored.map((row) => [String(row.id), row]));
        const values: string[] = [];
        for (const id of ids) {
          const row = byId.get(id);
          values.push(row ? (await accountSecrets(resources, row))[key] : '');
        }
        return values;
      },
    }) satisfies FieldDeclaration;
  return defineResource({
    ...LIST_SHAPE,
    name: ACCOUNT_SECRET,
    url: ACCOUNT_SECRETS_URL,
    label: l('账号密码', 'Account secret', 'アカウントシークレット'),
    fields: {
      ...readableFields(),
      password: opened('password', l('密码', 'Password', 'パスワード')),
      private_key: opened('privateKey', l('SSH密钥', 'SSH key', 'SSHキー')),
      passphrase: opened('passphrase', l('密钥密码', 'Key password', 'キーパスワード')),
      public_key: opened('publicKey', l('SSH公钥', 'SSH public key', 'SSH公開鍵')),
    },
    bulkDelete: false,
    disabledActions: ['add', 'change', 'delete'],
  });
}
