import crypto from 'node:crypto';
import ssh2 from 'ssh2';
import { openSecret, sealSecret } from '../../auth/secret-box';
import type { FieldDeclaration, FieldErrors, RequestContext, StoredRow } from '../../engine/declaration';
import { ApiError } from '../../http/api-error';
import { sshMessage } from '../../ssh/messages';
import { checkPrivateKey } from '../../ssh/private-key';
import { l } from '../label';
import { accessMessage } from './messages';

/**
 * Credentials of system users and gateways (docs/ssh.md#secrets): write-only fields whose values are
 * sealed at rest with the data folder's key (auth/secret-box.ts, as access-key secrets are), bound to the
 * table, the row and the field. They never appear in a list, a detail, an export or a log; the server opens
 * them only to log in to a host. A private key is parsed on input (with its passphrase) and refused with a
 * field error when it would not work; its public half is derived and kept in clear.
 */
export interface SecretDeps {
  config?: { dataDir?: string };
}

export type SecretField = 'password' | 'private_key' | 'passphrase' | 'token';

export function secretFields(names: readonly SecretField[]): Record<string, FieldDeclaration> {
  const all: Record<SecretField, FieldDeclaration> = {
    password: {
      kind: 'string',
      label: l('密码', 'Password', 'パスワード'),
      writeOnly: true,
      secret: true,
      maxLength: 256,
    },
    private_key: { kind: 'text', label: l('SSH密钥', 'SSH key', 'SSHキー'), writeOnly: true, secret: true },
    passphrase: {
      kind: 'string',
      label: l('密钥密码', 'Key password', 'キーパスワード'),
      writeOnly: true,
      secret: true,
      maxLength: 512,
    },
    token: { kind: 'text', label: l('令牌', 'Token', 'トークン'), writeOnly: true, secret: true },
  };
  const fields: Record<string, FieldDeclaration> = {};
  for (const name of names) fields[name] = all[name];
  if (names.includes('private_key')) {
    fields.public_key = {
      kind: 'text',
      label: l('SSH公钥', 'SSH public key', 'SSH公開鍵'),
      writeOnly: true,
    };
    fields.ssh_key_fingerprint = {
      kind: 'string',
      label: l('密钥指纹', 'SSH key fingerprint', 'SSHキー指紋'),
      readOnly: true,
      compute: (row) => fingerprintOf(row.public_key),
    };
  }
  return fields;
}

/** The MD5 fingerprint (colon-separated hex) of an OpenSSH public key line, as v2.21 shows it. */
function fingerprintOf(publicKey: unknown): string {
  if (typeof publicKey !== 'string' || publicKey.trim() === '') return '';
  const body = publicKey.trim().split(/\s+/)[1];
  if (!body) return '';
  const hex = crypto.createHash('md5').update(Buffer.from(body, 'base64')).digest('hex');
  return hex.match(/../g)?.join(':') ?? '';
}

const bindingOf = (table: string, id: string, field: string): string => `${table}:${id}:${field}`;

function dataDirOf(deps: SecretDeps, ctx: RequestContext): string {
  const dir = deps.config?.dataDir;
  if (!dir) throw new ApiError(500, accessMessage('noSealingKey', ctx.language), 'no_sealing_key');
  return dir;
}

function openField(dataDir: string, table: string, row: StoredRow, field: string): string {
  const sealed = row[field];
  if (typeof sealed !== 'string' || sealed === '') return '';
  return openSecret(dataDir, bindingOf(table, String(row.id), field), sealed) ?? '';
}

/** The opened credentials of a stored row, for logging in (never for output). */
export function openCredentials(
  dataDir: string,
  table: string,
  row: StoredRow,
): { password: string; privateKey: string; passphrase: string } {
  return {
    password: openField(dataDir, table, row, 'password'),
    privateKey: openField(dataDir, table, row, 'private_key'),
    passphrase: openField(dataDir, table, row, 'passphrase'),
  };
}

/**
 * The `validate` part: no `{{` in a password (v2.21 refuses template marks), and a private key that parses
 * with the passphrase given now or the one stored.
 */
export function validateSecrets(
  deps: SecretDeps,
  table: string,
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
): FieldErrors | null {
  const errors: FieldErrors = {};
  if (typeof data.password === 'string' && data.password.includes('{{'))
    errors.password = [accessMessage('noTemplateMarks', ctx.language)];
  const key = typeof data.private_key === 'string' ? data.private_key.trim() : '';
  if (key !== '') {
    let passphrase = typeof data.passphrase === 'string' ? data.passphrase : undefined;
    if (passphrase === undefined && existing && deps.config?.dataDir)
      passphrase = openField(deps.config.dataDir, table, existing, 'passphrase');
    const checked = checkPrivateKey(key, passphrase || undefined);
    if (!checked.ok) errors.private_key = [sshMessage(checked.error, ctx.language)];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The `beforeSave` part: gives a new row its id (the seal is bound to it), seals every secret field sent,
 * keeps the stored one when an update sends an empty value (the form's "unchanged"), and derives the public
 * key from a new private key.
 */
export function sealSecrets(
  deps: SecretDeps,
  table: string,
  fields: readonly SecretField[],
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
): void {
  if (existing === null && (typeof data.id !== 'string' || data.id === '')) data.id = crypto.randomUUID();
  const id = existing ? String(existing.id) : String(data.id);
  // The private key first: its public half is derived with the passphrase before that one is sealed.
  const ordered = [
    ...fields.filter((f) => f === 'private_key'),
    ...fields.filter((f) => f !== 'private_key'),
  ];
  for (const field of ordered) {
    const value = data[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value === '') {
      if (existing) delete data[field];
      else data[field] = '';
      continue;
    }
    if (field === 'private_key') {
      const passphrase =
        typeof data.passphrase === 'string' && data.passphrase !== ''
          ? data.passphrase
          : existing
            ? openField(dataDirOf(deps, ctx), table, existing, 'passphrase')
            : '';
      const parsed = ssh2.utils.parseKey(value.trim(), passphrase || undefined);
      const key = Array.isArray(parsed) ? parsed[0] : parsed;
      if (key && !(key instanceof Error))
        data.public_key = `${key.type} ${key.getPublicSSH().toString('base64')}`;
    }
    data[field] = sealSecret(dataDirOf(deps, ctx), bindingOf(table, id, field), value);
  }
}
