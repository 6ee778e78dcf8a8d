import { defineResource, type FieldDeclaration } from '../../engine/declaration';
import { fkDisplayField } from '../../engine/fk-display';
import { ResponseError } from '../../http/api-error';
import { isIpRule } from '../identity/login-acls';
import { l, LABELS } from '../label';
import { DEFAULT_ENDPOINT, TERMINAL_ENDPOINT, TERMINAL_ENDPOINT_RULE, TERMINAL_TABLES } from './names';

const port = (label: string, value: number): FieldDeclaration => ({
  kind: 'integer',
  label: l(`${label} 端口`, `${label} port`, `${label} ポート`),
  minValue: 0,
  maxValue: 65535,
  default: value,
});

/** The ports an endpoint offers, by protocol; 0 switches a protocol off there. */
export const ENDPOINT_PORTS = {
  https_port: port('HTTPS', 443),
  http_port: port('HTTP', 80),
  ssh_port: port('SSH', 2222),
  rdp_port: port('RDP', 3389),
  mysql_port: port('MySQL', 33060),
  mariadb_port: port('MariaDB', 33061),
  postgresql_port: port('PostgreSQL', 54320),
} as const;

const audit = {
  date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
  date_updated: { kind: 'datetime', label: LABELS.dateUpdated, readOnly: true },
  created_by: { kind: 'string', label: LABELS.createdBy, readOnly: true, maxLength: 32 },
} as const satisfies Record<string, FieldDeclaration>;

/**
 * Endpoints (docs/terminal-settings.md#endpoints): the host and ports users are told to connect to. The
 * Default endpoint (blank host: the host the user reached the console by) cannot be deleted.
 */
export const endpointResource = defineResource({
  name: TERMINAL_ENDPOINT,
  url: '/api/v1/terminal/endpoints/',
  table: TERMINAL_TABLES.endpoint,
  orgScoped: false,
  label: l('端点', 'Endpoint', 'エンドポイント'),
  fields: {
    name: { kind: 'string', label: LABELS.name, maxLength: 128, required: true, unique: true },
    host: {
      kind: 'string',
      label: l('主机', 'Host', 'ホスト'),
      maxLength: 256,
      default: '',
      helpText: l(
        '留空则使用用户访问控制台的地址',
        'Blank: the host the user reached the console by',
        '空欄: ユーザーがコンソールにアクセスしたホスト',
      ),
    },
    ...ENDPOINT_PORTS,
    comment: { kind: 'text', label: LABELS.comment, default: '' },
    ...audit,
  },
  searchFields: ['name', 'host'],
  filterFields: ['name', 'host'],
  orderingFields: ['name', 'host', 'date_created'],
  defaultOrdering: ['name'],
  fieldsMini: ['id', 'name'],
  bulkDelete: false,
  hooks: {
    validate: (data, ctx) => {
      // A host name or address: no scheme, path or spaces (it is put into connection URLs).
      if (typeof data.host === 'string' && data.host !== '' && !/^[A-Za-z0-9.:_[\]-]+$/.test(data.host))
        return { host: [hostMessage[ctx.language]] };
      return null;
    },
    beforeDelete: (row, ctx) => {
      if (row.id === DEFAULT_ENDPOINT.id)
        throw new ResponseError(400, { error: defaultMessage[ctx.language] });
    },
  },
});

const hostMessage = l(
  '请输入主机名或 IP 地址（不含协议和路径）',
  'Enter a host name or IP address (no scheme or path)',
  'ホスト名または IP アドレスを入力してください（スキームやパスなし）',
);
const defaultMessage = l(
  '默认端点不能删除',
  'The default endpoint cannot be deleted',
  'デフォルトのエンドポイントは削除できません',
);

/**
 * Endpoint rules: the first active rule by priority (1 first) whose IP group holds the asset's address
 * picks the endpoint (docs/terminal-settings.md#endpoint-rules).
 */
export const endpointRuleResource = defineResource({
  name: TERMINAL_ENDPOINT_RULE,
  url: '/api/v1/terminal/endpoint-rules/',
  table: TERMINAL_TABLES.endpointRule,
  orgScoped: false,
  label: l('端点规则', 'Endpoint rule', 'エンドポイントルール'),
  fields: {
    name: { kind: 'string', label: LABELS.name, maxLength: 128, required: true, unique: true },
    ip_group: {
      kind: 'json',
      label: l('资产 IP', 'Asset IP', '資産 IP'),
      default: () => ['*'],
      helpText: l(
        '* 表示任意；也可以是 192.168.1.10、192.168.1.0/24、10.1.1.1-10.1.1.20',
        '* means any; or 192.168.1.10, 192.168.1.0/24, 10.1.1.1-10.1.1.20',
        '* は任意。192.168.1.10、192.168.1.0/24、10.1.1.1-10.1.1.20 も可',
      ),
    },
    priority: {
      kind: 'integer',
      label: l('优先级', 'Priority', '優先度'),
      required: true,
      minValue: 1,
      maxValue: 100,
      unique: true,
      helpText: l('1-100，数值越小越优先', '1-100, lower first', '1-100、小さいほど優先'),
    },
    endpoint: {
      kind: 'fk',
      to: TERMINAL_ENDPOINT,
      label: l('端点', 'Endpoint', 'エンドポイント'),
      nullable: true,
    },
    endpoint_display: fkDisplayField({
      fk: 'endpoint',
      to: TERMINAL_ENDPOINT,
      label: l('端点', 'Endpoint', 'エンドポイント'),
      text: (endpoint) => String(endpoint.name),
    }),
    is_active: { kind: 'boolean', label: LABELS.isActive, default: true },
    comment: { kind: 'text', label: LABELS.comment, default: '' },
    ...audit,
  },
  searchFields: ['name'],
  filterFields: ['name', 'is_active'],
  orderingFields: ['priority', 'name'],
  defaultOrdering: ['priority', 'name'],
  fieldsMini: ['id', 'name'],
  bulkDelete: false,
  hooks: {
    validate: (data, ctx) => {
      if (!Object.hasOwn(data, 'ip_group')) return null;
      const group = data.ip_group;
      if (!Array.isArray(group) || group.length === 0) return { ip_group: [ipMessage.empty[ctx.language]] };
      const items = group.map((item) => (typeof item === 'string' ? item.trim() : item));
      const bad = items.find((item) => typeof item !== 'string' || item.length > 1024 || !isIpRule(item));
      if (bad !== undefined)
        return { ip_group: [ipMessage.bad[ctx.language].replace('{value}', String(bad).slice(0, 100))] };
      data.ip_group = items;
      return null;
    },
  },
});

const ipMessage = {
  empty: l(
    '请至少填写一条 IP 规则',
    'Enter at least one IP rule',
    'IP ルールを少なくとも 1 つ入力してください',
  ),
  bad: l(
    '“{value}” 不是合法的 IP、网段或范围',
    '"{value}" is not a valid IP, CIDR or range',
    '"{value}" は有効な IP、CIDR、範囲ではありません',
  ),
};
