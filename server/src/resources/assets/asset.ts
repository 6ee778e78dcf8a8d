import {
  defineResource,
  type FieldErrors,
  type RequestContext,
  type ResourceDirectory,
  type StoredRow,
  type WriteBatch,
} from '../../engine/declaration';
import { purgeAssetDependants } from './asset-dependants';
import { RESET_HOST_KEY_ACTION } from './host-key';
import { ASSET_FILTERS } from './asset-filters';
import { DEFAULT_PORTS, PROTOCOL_NAMES, parseProtocols, type ProtocolName } from './asset-protocols';
import { ASSET_LABELS_LINK, ASSET_NODES_LINK } from './link-tables';
import { assetMessage } from './messages';
import { ensureOrgRoot, pathsOfNodes } from './node-store';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { grantedAssetsToPick } from '../../perms/granted-suggestions';
import { ASSET_TASKS_ACTION } from '../../ops/connectivity';
import { l } from '../label';

const optionalString = (en: string, zh: string, ja: string, maxLength: number) =>
  ({ kind: 'string', label: l(zh, en, ja), maxLength, nullable: true, default: null }) as const;

const optionalInt = (en: string, zh: string, ja: string) =>
  ({
    kind: 'integer',
    label: l(zh, en, ja),
    nullable: true,
    default: null,
    minValue: 0,
    maxValue: 1_000_000,
  }) as const;

/** Legacy `protocol`/`port` (write-only) become the protocols list when the list itself was not sent. */
function legacyProtocols(data: StoredRow): string[] | null {
  const protocol = typeof data.protocol === 'string' ? data.protocol : undefined;
  const port = typeof data.port === 'number' ? data.port : undefined;
  if (protocol === undefined && port === undefined) return null;
  const name: ProtocolName = PROTOCOL_NAMES.includes(protocol as ProtocolName)
    ? (protocol as ProtocolName)
    : 'ssh';
  return [`${name}/${port ?? DEFAULT_PORTS[name]}`];
}

async function validateAsset(
  data: StoredRow,
  ctx: RequestContext,
  _existing: StoredRow | null,
  resources: ResourceDirectory,
  batch: WriteBatch,
): Promise<FieldErrors | null> {
  const errors: FieldErrors = {};
  if (data.protocols !== undefined && data.protocols !== null) {
    const parsed = parseProtocols(data.protocols);
    if (!parsed.ok) {
      errors.protocols = [
        assetMessage(parsed.problem === 'format' ? 'protocolsFormat' : 'protocolsCount', ctx.language),
      ];
    }
  }
  if (typeof data.platform === 'string') {
    // Read once per platform name and write request (a bulk create of 1,000 names one or two).
    const name = data.platform;
    const [platform] = await batch.memo(`asset:platform:${ctx.orgId}:${name}`, () =>
      resources.get('assets.platform').find({ field: 'name', op: 'eq', value: name }, ctx),
    );
    if (!platform) errors.platform = [assetMessage('platformUnknown', ctx.language, { name: data.platform })];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function normaliseAsset(data: StoredRow, _ctx: RequestContext, existing: StoredRow | null): void {
  const legacy = legacyProtocols(data);
  const sentList = data.protocols !== undefined && data.protocols !== null;
  const parsed = sentList ? parseProtocols(data.protocols) : null;
  if (parsed?.ok) data.protocols = parsed.protocols;
  // Read-only fields get no default from input validation; a new asset starts untested.
  if (existing === null && data.connectivity === undefined) data.connectivity = 'unknown';
  // v2.21 kept protocol/port as columns; here they only feed the list when it is missing or default.
  if (legacy && (!sentList || (existing === null && JSON.stringify(data.protocols) === '["ssh/22"]'))) {
    data.protocols = legacy;
  }
}

/**
 * An asset without a node is put in the org root (v2.21 default of Asset.nodes): a create that names no
 * node, or an update that removes them all, is written with the root as its node (read once per batch).
 */
async function attachToRoot(
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
  resources: ResourceDirectory,
  batch: WriteBatch,
): Promise<void> {
  const named = Array.isArray(data.nodes) && data.nodes.length > 0;
  if (named || (existing !== null && !Array.isArray(data.nodes))) return;
  const orgId = String(existing?.org_id ?? ctx.orgId);
  const root = await batch.memo(`asset:root:${orgId}`, () => ensureOrgRoot(resources, { ...ctx, orgId }));
  data.nodes = [root.id];
}

/**
 * Assets (docs/resources.md#assets). `domain` names the network zone whose gateway reaches the asset;
 * `admin_user` the system user of type admin that manages it (resources/asset-access).
 */
export const assetResource = defineResource({
  name: 'assets.asset',
  url: '/api/v1/assets/assets/',
  table: 'assets_asset',
  orgScoped: true,
  // Fields and filters read assets, nodes, labels and platforms only: no clock (docs/data-layer.md).
  listAnswersFromData: true,
  label: l('资产', 'Asset', 'アセット'),
  fields: {
    hostname: {
      kind: 'string',
      label: l('主机名', 'Hostname', 'ホスト名'),
      required: true,
      maxLength: 128,
      unique: 'org',
    },
    ip: {
      kind: 'string',
      label: l('IP', 'IP', 'IP'),
      helpText: l('IP 或域名', 'IP or domain name', 'IP またはドメイン名'),
      required: true,
      maxLength: 128,
    },
    platform: {
      kind: 'string',
      label: l('系统平台', 'Platform', 'プラットフォーム'),
      helpText: l('平台名称', 'Platform name', 'プラットフォーム名'),
      required: true,
      maxLength: 50,
      default: 'Linux',
    },
    domain: {
      kind: 'fk',
      to: 'assets.domain',
      label: l('网域', 'Domain', 'ドメイン'),
      nullable: true,
      default: null,
    },
    admin_user: {
      kind: 'fk',
      to: 'assets.systemuser',
      label: l('特权用户', 'Admin user', '管理ユーザー'),
      nullable: true,
      default: null,
    },
    protocols: {
      kind: 'json',
      label: l('协议组', 'Protocols', 'プロトコル'),
      helpText: l('例如 ["ssh/22", "rdp/3389"]', 'e.g. ["ssh/22", "rdp/3389"]', '例: ["ssh/22", "rdp/3389"]'),
      default: () => ['ssh/22'],
    },
    protocol: {
      kind: 'choice',
      label: l('协议', 'Protocol', 'プロトコル'),
      writeOnly: true,
      virtual: true,
      maxLength: 128,
      choices: [
        { value: 'ssh', label: l('SSH', 'SSH', 'SSH') },
        { value: 'rdp', label: l('RDP', 'RDP', 'RDP') },
        { value: 'telnet', label: l('Telnet', 'Telnet', 'Telnet') },
        { value: 'vnc', label: l('VNC', 'VNC', 'VNC') },
      ],
    },
    port: {
      kind: 'integer',
      label: l('端口', 'Port', 'ポート'),
      writeOnly: true,
      virtual: true,
      minValue: 1,
      maxValue: 65535,
    },
    is_active: { kind: 'boolean', label: l('激活', 'Is active', 'アクティブです。'), default: true },
    public_ip: optionalString('Public IP', '公网 IP', 'パブリック IP', 128),
    number: optionalString('Asset number', '资产编号', 'アセット番号', 128),
    comment: { kind: 'text', label: l('备注', 'Comment', '備考'), default: '' },
    vendor: optionalString('Vendor', '制造商', 'ベンダー', 64),
    model: optionalString('Model', '型号', 'モデル', 54),
    sn: optionalString('Serial number', '序列号', 'シリアル番号', 128),
    cpu_model: optionalString('CPU model', 'CPU型号', 'CPU モデル', 64),
    cpu_count: optionalInt('CPU count', 'CPU数量', 'CPU 数'),
    cpu_cores: optionalInt('CPU cores', 'CPU核数', 'CPU コア'),
    cpu_vcpus: optionalInt('CPU vcpus', 'CPU总数', 'CPU vcpus'),
    memory: optionalString('Memory', '内存', 'メモリ', 64),
    disk_total: optionalString('Disk total', '硬盘大小', 'ディスクの合計', 1024),
    disk_info: optionalString('Disk info', '硬盘信息', 'ディスク情報', 1024),
    os: optionalString('OS', '操作系统', 'OS', 128),
    os_version: optionalString('OS version', '系统版本', 'OS バージョン', 16),
    os_arch: optionalString('OS arch', '系统架构', 'OS アーチ', 16),
    hostname_raw: optionalString('Hostname raw', '主机名原始', 'ホスト名生', 128),
    cpu_info: {
      kind: 'string',
      label: l('CPU信息', 'CPU info', 'CPU 情報'),
      readOnly: true,
      compute: (row) => {
        const model = row.cpu_model ? String(row.cpu_model) : '';
        const count = Number(row.cpu_count) || 0;
        const cores = Number(row.cpu_cores) || 0;
        return count && cores ? `${model} ${count}*${cores}`.trim() : model;
      },
    },
    hardware_info: {
      kind: 'string',
      label: l('硬件信息', 'Hardware info', 'ハードウェア情報'),
      readOnly: true,
      compute: (row) =>
        row.cpu_vcpus
          ? `${String(row.cpu_vcpus)} Core ${String(row.memory ?? '')} ${String(row.disk_total ?? '')}`
          : '',
    },
    nodes: {
      kind: 'm2m',
      label: l('节点', 'Nodes', 'ノード'),
      to: 'assets.node',
      through: {
        table: ASSET_NODES_LINK.table,
        sourceColumn: ASSET_NODES_LINK.assetColumn,
        targetColumn: ASSET_NODES_LINK.nodeColumn,
      },
    },
    nodes_display: {
      kind: 'json',
      label: l('节点名称', 'Nodes name', 'ノード名'),
      readOnly: true,
      computeMany: async (rows, ctx, resources) => {
        const assets = resources.get('assets.asset');
        const orgIds = new Set(rows.map((row) => String(row.org_id)));
        const linked = await assets.linkedMany(
          'nodes',
          rows.map((row) => String(row.id)),
        );
        const paths = await pathsOfNodes(resources, ctx, [...linked.values()].flat(), orgIds);
        return rows.map((row) =>
          (linked.get(String(row.id)) ?? [])
            .map((nodeId) => paths.get(nodeId))
            .filter((path): path is string => path !== undefined),
        );
      },
    },
    labels: {
      kind: 'm2m',
      label: l('标签管理', 'Labels', 'ラベル'),
      to: 'assets.label',
      through: {
        table: ASSET_LABELS_LINK.table,
        sourceColumn: ASSET_LABELS_LINK.assetColumn,
        targetColumn: ASSET_LABELS_LINK.labelColumn,
      },
    },
    labels_display: {
      kind: 'json',
      label: l('标签名称', 'Labels name', 'ラベル名'),
      readOnly: true,
      computeMany: async (rows, ctx, resources) => {
        const assets = resources.get('assets.asset');
        const orgIds = new Set(rows.map((row) => String(row.org_id)));
        const linked = await assets.linkedMany(
          'labels',
          rows.map((row) => String(row.id)),
        );
        // Only the labels the rows link to, in the rows' orgs (not every label of each org).
        const ids = [...new Set([...linked.values()].flat())];
        const labels = new Map(
          (ids.length === 0
            ? []
            : (
                await resources
                  .get('assets.label')
                  .find({ field: 'id', op: 'in', values: ids }, { ...ctx, orgId: ROOT_ORG_ID })
              ).filter((label) => orgIds.has(String(label.org_id)))
          ).map((label) => [String(label.id), `${String(label.name)}:${String(label.value)}`]),
        );
        return rows.map((row) =>
          (linked.get(String(row.id)) ?? [])
            .map((labelId) => labels.get(labelId))
            .filter((name): name is string => name !== undefined),
        );
      },
    },
    connectivity: {
      kind: 'choice',
      label: l('可连接性', 'Connectivity', '接続性'),
      readOnly: true,
      maxLength: 16,
      default: 'unknown',
      choices: [
        { value: 'unknown', label: l('未知', 'Unknown', '不明') },
        { value: 'ok', label: l('成功', 'Ok', 'OK') },
        { value: 'failed', label: l('失败', 'Failed', '失敗しました') },
      ],
    },
    // Host-key memory (docs/ssh.md#host-keys): the SSH host key first seen, reset by `{id}/host-key/` DELETE.
    host_key: {
      kind: 'string',
      label: l('主机密钥指纹', 'Host key fingerprint', 'ホスト鍵の指紋'),
      readOnly: true,
      maxLength: 128,
      default: '',
    },
    date_verified: {
      kind: 'datetime',
      label: l('校验日期', 'Date verified', '確認済みの日付'),
      readOnly: true,
      nullable: true,
      default: null,
    },
    created_by: {
      kind: 'string',
      label: l('创建者', 'Created by', 'によって作成された'),
      readOnly: true,
      maxLength: 128,
      default: '',
    },
    date_created: {
      kind: 'datetime',
      label: l('创建日期', 'Date created', '作成日'),
      readOnly: true,
      default: () => Date.now(),
    },
  },
  searchFields: ['hostname', 'ip'],
  filterFields: ['hostname', 'ip', 'platform', 'is_active', 'protocols', 'connectivity'],
  orderingFields: ['hostname', 'ip', 'cpu_cores', 'platform', 'is_active', 'connectivity', 'date_created'],
  defaultOrdering: ['hostname'],
  fieldsMini: ['id', 'hostname', 'ip', 'platform', 'protocols'],
  fieldsSmall: [
    'id',
    'hostname',
    'ip',
    'platform',
    'protocols',
    'is_active',
    'public_ip',
    'number',
    'comment',
  ],
  dateRangeField: 'date_created',
  bulkDelete: 'org',
  // Members who may not browse assets see theirs, or one they name by hostname or IP (docs/security.md).
  suggestions: {
    permission: 'assets.match_asset',
    pickable: (ctx, resources) => grantedAssetsToPick(ctx, resources),
    exactFields: ['hostname', 'ip'],
  },
  customFilters: ASSET_FILTERS,
  hooks: {
    validate: validateAsset,
    beforeSave: async (data, ctx, existing, resources, batch) => {
      normaliseAsset(data, ctx, existing);
      await attachToRoot(data, ctx, existing, resources, batch);
    },
    beforeDelete: (row, _ctx, resources) => purgeAssetDependants(row, resources),
  },
  // `{id}/tasks/` {action: test|refresh|…} → {task}: the connectivity test runs in server/src/ops.
  extraActions: [ASSET_TASKS_ACTION, RESET_HOST_KEY_ACTION],
});
