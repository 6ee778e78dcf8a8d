import { defineResource, type ResourceDeclaration } from '../../engine/declaration';
import { fkDisplayField } from '../../engine/fk-display';
import { ResponseError } from '../../http/api-error';
import { sshFailureOf, withSsh } from '../../ssh/ssh-client';
import { choice, l } from '../label';
import { STAMP_FIELDS } from './common-fields';
import { accessMessage } from './messages';
import { openCredentials, sealSecrets, secretFields, validateSecrets, type SecretDeps } from './secrets';

const TABLE = 'assets_gateway';
const SECRETS = ['password', 'private_key', 'passphrase'] as const;

/**
 * Gateways (docs/resources.md#domains-and-gateways): SSH hosts of a domain through which its assets are
 * reached. Credentials are sealed (./secrets.ts). `test-connective/` logs in over SSH with them.
 */
export function gatewayResource(deps: SecretDeps): ResourceDeclaration {
  return defineResource({
    name: 'assets.gateway',
    url: '/api/v1/assets/gateways/',
    table: TABLE,
    orgScoped: true,
    label: l('网关', 'Gateway', 'ゲートウェイ'),
    fields: {
      name: {
        kind: 'string',
        label: l('名称', 'Name', '名前'),
        required: true,
        maxLength: 128,
        unique: 'org',
      },
      username: {
        kind: 'string',
        label: l('用户名', 'Username', 'ユーザー名'),
        maxLength: 128,
        default: '',
      },
      ...secretFields(SECRETS),
      ip: { kind: 'string', label: l('IP', 'IP', 'IP'), required: true, maxLength: 128 },
      port: {
        kind: 'integer',
        label: l('端口', 'Port', 'ポート'),
        default: 22,
        minValue: 1,
        maxValue: 65535,
      },
      protocol: {
        kind: 'choice',
        label: l('协议', 'Protocol', 'プロトコル'),
        default: 'ssh',
        choices: [choice('ssh', 'SSH', 'SSH', 'SSH')],
        helpText: l(
          '支持代理 SSH/RDP/VNC',
          'Supports proxying SSH/RDP/VNC',
          'SSH/RDP/VNC のプロキシをサポート',
        ),
      },
      is_active: { kind: 'boolean', label: l('激活', 'Is active', 'アクティブです。'), default: true },
      is_connective: {
        kind: 'boolean',
        label: l('可连接性', 'Connectivity', '接続性'),
        readOnly: true,
        default: false,
      },
      domain: { kind: 'fk', to: 'assets.domain', label: l('网域', 'Domain', 'ドメイン'), required: true },
      domain_display: fkDisplayField({
        fk: 'domain',
        to: 'assets.domain',
        label: l('网域', 'Domain', 'ドメイン'),
        text: (row) => String(row.name ?? ''),
      }),
      ...STAMP_FIELDS,
    },
    searchFields: ['name', 'username', 'ip'],
    filterFields: ['name', 'username', 'ip', 'domain'],
    orderingFields: ['name', 'ip', 'date_created'],
    defaultOrdering: ['name'],
    fieldsMini: ['id', 'name', 'ip', 'port'],
    fieldsSmall: ['id', 'name', 'ip', 'port', 'protocol', 'username', 'domain', 'is_active', 'comment'],
    dateRangeField: 'date_created',
    bulkDelete: 'org',
    hooks: {
      validate: (data, ctx, existing) => validateSecrets(deps, TABLE, data, ctx, existing),
      beforeSave: (data, ctx, existing) => sealSecrets(deps, TABLE, SECRETS, data, ctx, existing),
    },
    extraActions: [
      {
        path: 'test-connective/',
        detail: true,
        methods: ['POST'],
        permissions: ['assets.test_gateway'],
        handler: async ({ row, body, ctx, resources }) => {
          const gateway = row!;
          const given = (body as { port?: unknown } | undefined)?.port;
          const port =
            given === undefined || given === null || given === '' ? Number(gateway.port) : Number(given);
          if (!Number.isInteger(port) || port < 1 || port > 65535)
            throw new ResponseError(400, { port: [accessMessage('portInvalid', ctx.language)] });
          const secrets = openCredentials(deps.config?.dataDir ?? '', TABLE, gateway);
          try {
            await withSsh(
              {
                host: String(gateway.ip),
                port,
                username: String(gateway.username ?? ''),
                ...secrets,
                name: String(gateway.name),
              },
              async (session) => session.exec('true'),
            );
          } catch (error) {
            await resources.get('assets.gateway').setColumns(String(gateway.id), { is_connective: false });
            throw new ResponseError(400, { error: sshFailureOf(error).text(ctx.language) });
          }
          await resources.get('assets.gateway').setColumns(String(gateway.id), { is_connective: true });
          return { body: 'ok' };
        },
      },
    ],
  });
}
