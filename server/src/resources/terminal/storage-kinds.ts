import type { Label, Language } from '../../engine/declaration';
import { message } from '../../engine/messages';
import { choice, l } from '../label';

/**
 * The kinds of replay and command storage and the `meta` keys each takes (docs/terminal-settings.md#storages).
 * Only `server` (this machine: replay files under the data directory, commands in the database) and `null`
 * (keep nothing) are reached by this server; the other kinds are validated and stored for the components,
 * which write to them themselves.
 */
type MetaKey =
  | { type: 'string'; required: boolean; secret?: boolean; noPath?: boolean }
  | { type: 'choice'; values: readonly string[]; default: string }
  | { type: 'hosts' }
  | { type: 'boolean' };

export interface StorageKind {
  label: Label;
  meta: Readonly<Record<string, MetaKey>>;
}

const str = (required: boolean, extra: { secret?: boolean; noPath?: boolean } = {}): MetaKey => ({
  type: 'string',
  required,
  ...extra,
});

/** Bucket stores (S3 and its kin): a bucket, an endpoint without a path, an optional key pair. */
const bucket = (noPath = true): Record<string, MetaKey> => ({
  BUCKET: str(true),
  ACCESS_KEY: str(false, { secret: true }),
  SECRET_KEY: str(false, { secret: true }),
  ENDPOINT: str(true, { noPath }),
});

const LOCAL_KINDS = {
  null: { label: l('空', 'Null', 'ヌル'), meta: {} },
  server: { label: l('服务器', 'Server', 'サーバー'), meta: {} },
} as const satisfies Record<string, StorageKind>;

export const REPLAY_STORAGE_KINDS: Readonly<Record<string, StorageKind>> = {
  ...LOCAL_KINDS,
  s3: { label: l('S3', 'S3', 'S3'), meta: bucket() },
  ceph: { label: l('Ceph', 'Ceph', 'Ceph'), meta: bucket() },
  swift: {
    label: l('Swift', 'Swift', 'Swift'),
    meta: {
      ...bucket(),
      REGION: str(true),
      PROTOCOL: { type: 'choice', values: ['http', 'https'], default: 'http' },
    },
  },
  oss: { label: l('OSS', 'OSS', 'OSS'), meta: bucket() },
  azure: {
    label: l('Azure', 'Azure', 'Azure'),
    meta: {
      CONTAINER_NAME: str(true),
      ACCOUNT_NAME: str(true),
      ACCOUNT_KEY: str(true, { secret: true }),
      ENDPOINT_SUFFIX: {
        type: 'choice',
        values: ['core.chinacloudapi.cn', 'core.windows.net'],
        default: 'core.chinacloudapi.cn',
      },
    },
  },
  obs: { label: l('OBS', 'OBS', 'OBS'), meta: bucket(false) },
  cos: { label: l('COS', 'COS', 'COS'), meta: bucket() },
};

export const COMMAND_STORAGE_KINDS: Readonly<Record<string, StorageKind>> = {
  ...LOCAL_KINDS,
  es: {
    label: l('Elasticsearch', 'Elasticsearch', 'Elasticsearch'),
    meta: {
      HOSTS: { type: 'hosts' },
      INDEX: str(false),
      IGNORE_VERIFY_CERTS: { type: 'boolean' },
    },
  },
};

export const kindChoices = (kinds: Readonly<Record<string, StorageKind>>) =>
  Object.entries(kinds).map(([value, kind]) => choice(value, kind.label.zh, kind.label.en, kind.label.ja));

/** The kinds this server reaches itself; the rest belong to the components. */
export const isLocalKind = (type: unknown): boolean => type === 'server' || type === 'null';

const META_MAX = 1024;

const isHttpAddress = (value: string): URL | null => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
};

const metaMessage = {
  noPath: l(
    '端点不能包含路径',
    'The endpoint must not contain a path',
    'エンドポイントにパスを含めることはできません',
  ),
  hosts: l(
    '请输入一个或多个 http(s)://主机:端口 地址',
    'Enter one or more http(s)://host:port addresses',
    '1 つ以上の http(s)://ホスト:ポート のアドレスを入力してください',
  ),
};

/**
 * The `meta` of a storage of `type`, cleaned: the given keys merged over the stored ones (a secret left
 * blank keeps the stored one, as the form never shows it), or the errors by key.
 */
export function cleanMeta(
  kind: StorageKind,
  input: unknown,
  stored: Readonly<Record<string, unknown>>,
  lang: Language,
): { meta: Record<string, unknown>; fresh: string[] } | { errors: Record<string, string[]> } {
  // A form may send the object as JSON text.
  if (typeof input === 'string')
    try {
      input = input.trim() === '' ? {} : (JSON.parse(input) as unknown);
    } catch {
      return { errors: { meta: [message('notADict', lang, { type: 'string' })] } };
    }
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input)))
    return {
      errors: { meta: [message('notADict', lang, { type: Array.isArray(input) ? 'list' : typeof input })] },
    };
  const given = (input ?? {}) as Record<string, unknown>;
  const meta: Record<string, unknown> = {};
  const fresh: string[] = [];
  const errors: Record<string, string[]> = {};
  for (const [key, rule] of Object.entries(kind.meta)) {
    const raw = Object.hasOwn(given, key) ? given[key] : stored[key];
    switch (rule.type) {
      case 'string': {
        if (rule.secret && (raw === '' || raw === null || raw === undefined || raw === stored[key])) {
          // Kept as stored: already sealed (storages.ts), so not checked again.
          const kept = stored[key];
          if (typeof kept === 'string' && kept !== '') meta[key] = kept;
          else if (rule.required) errors[key] = [message('required', lang)];
          break;
        }
        const value = raw;
        const text = typeof value === 'string' ? value.trim() : value == null ? '' : null;
        if (text === null) errors[key] = [message('invalidString', lang)];
        else if ([...text].length > META_MAX) errors[key] = [message('maxLength', lang, { n: META_MAX })];
        else if (rule.required && text === '') errors[key] = [message('required', lang)];
        else if (rule.noPath && text !== '' && (isHttpAddress(text)?.pathname ?? '/') !== '/')
          errors[key] = [metaMessage.noPath[lang]];
        else if (text !== '') {
          meta[key] = text;
          if (rule.secret) fresh.push(key);
        }
        break;
      }
      case 'choice': {
        const value = raw === undefined || raw === null || raw === '' ? rule.default : raw;
        if (typeof value === 'string' && rule.values.includes(value)) meta[key] = value;
        else errors[key] = [message('invalidChoice', lang, { value: String(value) })];
        break;
      }
      case 'boolean': {
        const value = raw ?? false;
        if (typeof value === 'boolean') meta[key] = value;
        else errors[key] = [message('invalidBoolean', lang)];
        break;
      }
      case 'hosts': {
        const list = typeof raw === 'string' ? raw.split(/[\s,]+/).filter(Boolean) : raw;
        if (
          !Array.isArray(list) ||
          list.length === 0 ||
          !list.every((host) => typeof host === 'string' && isHttpAddress(host) !== null)
        )
          errors[key] = [metaMessage.hosts[lang]];
        else meta[key] = list.map((host: string) => host.replace(/\/+$/, ''));
        break;
      }
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { meta, fresh };
}

/** The meta as the API shows it: secrets never leave the server except to a component (its config). */
export function publicMeta(kind: StorageKind | undefined, meta: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!kind || typeof meta !== 'object' || meta === null) return out;
  for (const [key, value] of Object.entries(meta as Record<string, unknown>)) {
    const rule = kind.meta[key];
    if (rule && !(rule.type === 'string' && rule.secret)) out[key] = value;
  }
  return out;
}

/** The keys of `kind` whose values are secrets (sealed at rest, never shown). */
export const secretMetaKeys = (kind: StorageKind | undefined): string[] =>
  kind
    ? Object.entries(kind.meta)
        .filter(([, rule]) => rule.type === 'string' && rule.secret === true)
        .map(([key]) => key)
    : [];
