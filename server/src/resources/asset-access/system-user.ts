import crypto from 'node:crypto';
import { newSshKeyPair } from '../../ssh/key-pair';
import {
  defineResource,
  type FieldDeclaration,
  type FieldErrors,
  type RequestContext,
  type ResourceDeclaration,
  type ResourceDirectory,
  type StoredRow,
} from '../../engine/declaration';
import { SYSTEM_USER_TASKS_ACTION } from '../../ops/system-user-tasks';
import { choice, l } from '../label';
import { STAMP_FIELDS } from './common-fields';
import { accessMessage } from './messages';
import { sealSecrets, secretFields, validateSecrets, type SecretDeps } from './secrets';

export const SYSTEM_USER_TABLE = 'assets_systemuser';
const SECRETS = ['password', 'private_key', 'passphrase', 'token'] as const;

export const ASSET_PROTOCOLS = ['ssh', 'rdp', 'telnet', 'vnc'];
/** Protocols whose pushed account v2.21 can create (auto push). */
const PUSHABLE = ['ssh', 'rdp'];

const PROTOCOL_CHOICES = [
  choice('ssh', 'SSH', 'SSH', 'SSH'),
  choice('rdp', 'RDP', 'RDP', 'RDP'),
  choice('telnet', 'Telnet', 'Telnet', 'Telnet'),
  choice('vnc', 'VNC', 'VNC', 'VNC'),
  choice('mysql', 'MySQL', 'MySQL', 'MySQL'),
  choice('oracle', 'Oracle', 'Oracle', 'Oracle'),
  choice('mariadb', 'MariaDB', 'MariaDB', 'MariaDB'),
  choice('postgresql', 'PostgreSQL', 'PostgreSQL', 'PostgreSQL'),
  choice('sqlserver', 'SQLServer', 'SQLServer', 'SQLServer'),
  choice('redis', 'Redis', 'Redis', 'Redis'),
  choice('mongodb', 'MongoDB', 'MongoDB', 'MongoDB'),
  choice('k8s', 'K8S', 'K8S', 'K8S'),
];

/**
 * System users (docs/resources.md#system-users): the accounts the bastion logs in to assets with. `type`
 * admin marks the account used to manage an asset (the admin-users view, ./admin-user.ts). Credentials are
 * sealed (./secrets.ts); `auto_generate_key` makes a random password and, for SSH, an Ed25519 key pair.
 */
export function systemUserFields(): Record<string, FieldDeclaration> {
  return {
    name: { kind: 'string', label: l('名称', 'Name', '名前'), required: true, maxLength: 128, unique: 'org' },
    username: { kind: 'string', label: l('用户名', 'Username', 'ユーザー名'), maxLength: 128, default: '' },
    ...secretFields(SECRETS),
    type: {
      kind: 'choice',
      label: l('类别', 'Type', 'タイプ'),
      default: 'common',
      display: true,
      choices: [
        choice('common', '普通用户', 'Common user', '一般ユーザー'),
        choice('admin', '特权用户', 'Admin user', '管理ユーザー'),
      ],
    },
    protocol: {
      kind: 'choice',
      label: l('协议', 'Protocol', 'プロトコル'),
      default: 'ssh',
      choices: PROTOCOL_CHOICES,
    },
    is_asset_protocol: {
      kind: 'boolean',
      label: l('资产协议', 'Is asset protocol', 'アセットプロトコル'),
      readOnly: true,
      compute: (row) => ASSET_PROTOCOLS.includes(String(row.protocol)),
    },
    login_mode: {
      kind: 'choice',
      label: l('认证方式', 'Login mode', 'ログインモード'),
      default: 'auto',
      display: true,
      choices: [
        choice('auto', '托管密码', 'Automatic managed', '自動管理'),
        choice('manual', '手动输入', 'Manually input', '手動入力'),
      ],
    },
    priority: {
      kind: 'integer',
      label: l('优先级', 'Priority', '優先順位'),
      default: 81,
      minValue: 1,
      maxValue: 100,
      helpText: l(
        '1-100, 1最低优先级，100最高优先级。授权多个用户时，高优先级的系统用户将会作为默认登录用户',
        '1-100: when several system users are granted, the one with the highest priority logs in by default',
        '1-100、複数のシステムユーザーが許可されている場合、優先順位の最も高いものが既定でログインします',
      ),
    },
    sudo: { kind: 'text', label: l('Sudo', 'Sudo', 'Sudo'), default: '/bin/whoami' },
    shell: { kind: 'string', label: l('Shell', 'Shell', 'Shell'), maxLength: 64, default: '/bin/bash' },
    sftp_root: {
      kind: 'string',
      label: l('SFTP根目录', 'SFTP Root', 'SFTPルート'),
      maxLength: 128,
      default: 'tmp',
    },
    home: { kind: 'string', label: l('家目录', 'Home', 'ホーム'), maxLength: 4096, default: '' },
    system_groups: {
      kind: 'string',
      label: l('用户组', 'System groups', 'システムグループ'),
      maxLength: 4096,
      default: '',
      helpText: l('以逗号分隔', 'Separated by commas', 'カンマ区切り'),
    },
    ad_domain: { kind: 'string', label: l('AD域', 'Ad domain', 'AD ドメイン'), maxLength: 256, default: '' },
    username_same_with_user: {
      kind: 'boolean',
      label: l('用户名与用户相同', 'Username same with user', 'ユーザー名はユーザーと同じ'),
      default: false,
    },
    auto_push: { kind: 'boolean', label: l('自动推送', 'Auto push', '自動プッシュ'), default: true },
    auto_generate_key: {
      kind: 'boolean',
      label: l('自动生成密钥', 'Auto generate key', 'キーの自動生成'),
      writeOnly: true,
      virtual: true,
    },
    su_enabled: { kind: 'boolean', label: l('用户切换', 'User switch', 'ユーザースイッチ'), default: false },
    su_from: {
      kind: 'fk',
      to: 'assets.systemuser',
      label: l('切换自', 'Switch from', 'から切り替え'),
      nullable: true,
      default: null,
    },
    cmd_filters: {
      kind: 'm2m',
      label: l('命令过滤器', 'Command filter', 'コマンドフィルター'),
      to: 'assets.commandfilter',
      through: {
        table: 'assets_commandfilter_system_users',
        sourceColumn: 'systemuser_id',
        targetColumn: 'commandfilter_id',
      },
    },
    // Named link tables: the admin-users view declares the same fields over the same rows.
    nodes: {
      kind: 'm2m',
      label: l('节点', 'Nodes', 'ノード'),
      to: 'assets.node',
      through: { table: 'assets_systemuser_nodes', sourceColumn: 'systemuser_id', targetColumn: 'node_id' },
    },
    assets: {
      kind: 'm2m',
      label: l('资产', 'Assets', 'アセット'),
      to: 'assets.asset',
      through: { table: 'assets_systemuser_assets', sourceColumn: 'systemuser_id', targetColumn: 'asset_id' },
    },
    assets_amount: {
      kind: 'integer',
      label: l('资产数量', 'Assets amount', 'アセット数'),
      readOnly: true,
      computeMany: async (rows, _ctx, resources) => {
        const linked = await resources.get('assets.systemuser').linkedMany(
          'assets',
          rows.map((row) => String(row.id)),
        );
        return rows.map((row) => linked.get(String(row.id))?.length ?? 0);
      },
    },
    applications_amount: {
      kind: 'integer',
      label: l('应用数量', 'Applications amount', 'アプリケーション数'),
      readOnly: true,
      // No application resource exists yet: nothing is counted, truthfully.
      compute: () => 0,
    },
    ...STAMP_FIELDS,
  };
}

const value = (data: StoredRow, existing: StoredRow | null, field: string): unknown =>
  data[field] !== undefined ? data[field] : existing?.[field];

/** The rules of v2.21's system-user serializer that tie fields together (docs/resources.md#system-users). */
async function validateSystemUser(
  data: StoredRow,
  language: 'zh' | 'en' | 'ja',
  existing: StoredRow | null,
  others: () => Promise<StoredRow[]>,
): Promise<FieldErrors | null> {
  const errors: FieldErrors = {};
  const protocol = String(value(data, existing, 'protocol') ?? 'ssh');
  const loginMode = String(value(data, existing, 'login_mode') ?? 'auto');
  const dynamic = value(data, existing, 'username_same_with_user') === true;
  const username = String(value(data, existing, 'username') ?? '');
  if (
    loginMode === 'auto' &&
    !dynamic &&
    !['vnc', 'redis', 'k8s'].includes(protocol) &&
    username.trim() === ''
  )
    errors.username = [accessMessage('usernameRequired', language)];
  if (
    existing === null &&
    loginMode === 'auto' &&
    ASSET_PROTOCOLS.includes(protocol) &&
    protocol !== 'vnc' &&
    !data.password &&
    !data.private_key &&
    data.auto_generate_key !== true
  )
    errors.password = [accessMessage('credentialRequired', language)];
  const sftpRoot = String(value(data, existing, 'sftp_root') ?? 'tmp');
  if (!['tmp', 'home'].includes(sftpRoot) && !sftpRoot.startsWith('/'))
    errors.sftp_root = [accessMessage('sftpRoot', language)];
  if (value(data, existing, 'su_enabled') === true) {
    const from = value(data, existing, 'su_from');
    if (!from) errors.su_from = [accessMessage('suFromRequired', language)];
  }
  if (dynamic && (data.username_same_with_user === true || data.protocol !== undefined)) {
    const clash = (await others()).some(
      (row) => row.username_same_with_user === true && row.protocol === protocol && row.id !== existing?.id,
    );
    if (clash) errors.username_same_with_user = [accessMessage('dynamicTaken', language)];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Values v2.21 forces whatever was sent: admin users, manual login, dynamic users. */
function normalise(data: StoredRow, existing: StoredRow | null): void {
  const type = value(data, existing, 'type');
  if (type === 'admin') {
    data.protocol = 'ssh';
    data.login_mode = 'auto';
    data.username_same_with_user = false;
    data.auto_push = false;
  }
  const protocol = String(value(data, existing, 'protocol') ?? 'ssh');
  if (value(data, existing, 'login_mode') === 'manual') {
    data.auto_push = false;
    // null, not '': an empty value on update means "unchanged" (./secrets.ts); this wipes them.
    for (const field of SECRETS) data[field] = null;
    data.public_key = null;
  }
  if (!PUSHABLE.includes(protocol)) data.auto_push = false;
  if (value(data, existing, 'username_same_with_user') === true) {
    data.username = '';
    data.home = '';
  }
  if (data.auto_generate_key === true && existing === null) {
    data.password = crypto.randomBytes(18).toString('base64url');
    if (protocol === 'ssh') data.private_key = newSshKeyPair().private;
  }
  delete data.auto_generate_key;
}

export function systemUserHooks(deps: SecretDeps, resourceName: string): ResourceDeclaration['hooks'] {
  return {
    validate: async (data, ctx, existing, resources) => {
      const own = await validateSystemUser(data, ctx.language, existing, () =>
        resources.get(resourceName).find({ field: 'username_same_with_user', op: 'eq', value: true }, ctx),
      );
      const secrets = validateSecrets(deps, SYSTEM_USER_TABLE, data, ctx, existing);
      if (data.su_from && existing && data.su_from === existing.id)
        return { ...own, ...secrets, su_from: [accessMessage('suFromInvalid', ctx.language)] };
      if (data.su_from) {
        const from = await resources.get(resourceName).get(String(data.su_from), ctx);
        if (!from || from.protocol !== 'ssh' || from.login_mode !== 'auto')
          return { ...own, ...secrets, su_from: [accessMessage('suFromInvalid', ctx.language)] };
      }
      return own || secrets ? { ...own, ...secrets } : null;
    },
    beforeSave: (data, ctx, existing) => {
      normalise(data, existing);
      sealSecrets(deps, SYSTEM_USER_TABLE, SECRETS, data, ctx, existing);
    },
    afterSave: async (row, ctx, _created, input, resources) => {
      if (Array.isArray(input.assets)) await syncAccounts(resources, row, input.assets.map(String), ctx);
    },
  };
}

/**
 * A system user linked to an asset has an account there (docs/accounts.md): the links written by a system
 * user save get their accounts (its user name, no secret of their own), and unlinked assets lose theirs.
 */
async function syncAccounts(
  resources: ResourceDirectory,
  user: StoredRow,
  assetIds: readonly string[],
  ctx: RequestContext,
): Promise<void> {
  if (!resources.has('assets.authbook')) return;
  const accounts = resources.get('assets.authbook');
  const scoped = { ...ctx, orgId: String(user.org_id) };
  const current = await accounts.find({ field: 'systemuser', op: 'eq', value: String(user.id) }, scoped);
  const wanted = new Set(assetIds);
  for (const account of current)
    if (!wanted.has(String(account.asset))) await accounts.delete(String(account.id), scoped);
  const covered = new Set(current.map((account) => String(account.asset)));
  // A dynamic user (the signed-in person's name) has no fixed user name to keep an account for.
  if (String(user.username ?? '') === '') return;
  for (const asset of wanted)
    if (!covered.has(asset))
      await accounts.create(
        { username: String(user.username ?? ''), asset, systemuser: String(user.id) },
        scoped,
      );
}

export function systemUserResource(deps: SecretDeps): ResourceDeclaration {
  return defineResource({
    name: 'assets.systemuser',
    url: '/api/v1/assets/system-users/',
    table: SYSTEM_USER_TABLE,
    orgScoped: true,
    label: l('系统用户', 'System user', 'システムユーザー'),
    fields: systemUserFields(),
    searchFields: ['name', 'username'],
    filterFields: ['name', 'username', 'protocol', 'type', 'login_mode'],
    customFilters: {
      protocol__in: (text) => ({ field: 'protocol', op: 'in', values: text.split(',').map((s) => s.trim()) }),
      type__in: (text) => ({ field: 'type', op: 'in', values: text.split(',').map((s) => s.trim()) }),
    },
    orderingFields: ['name', 'protocol', 'login_mode', 'priority', 'date_created'],
    defaultOrdering: ['name'],
    fieldsMini: ['id', 'name', 'username'],
    fieldsSmall: ['id', 'name', 'username', 'protocol', 'type', 'login_mode', 'priority', 'comment'],
    dateRangeField: 'date_created',
    bulkDelete: 'org',
    hooks: systemUserHooks(deps, 'assets.systemuser'),
    extraActions: [SYSTEM_USER_TASKS_ACTION],
  });
}
