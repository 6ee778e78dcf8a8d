import type { ResourceDirectory, StoredRow } from '../../engine/declaration';
import { systemContext } from '../../ops/task-runner';
import { parseProtocols, readProtocols } from '../assets/asset-protocols';
import type { SshEndpoint, SshTarget } from '../../ssh/ssh-client';
import { openCredentials } from './secrets';
import { SYSTEM_USER_TABLE } from './system-user';

export const ACCOUNT_TABLE = 'assets_authbook';

/** The data folder whose key seals the secrets of a server's engine (set when its resources are declared). */
const SEALING_DIRS = new WeakMap<ResourceDirectory, string>();

export function rememberSealingDir(
  resources: ResourceDirectory | undefined,
  dataDir: string | undefined,
): void {
  if (resources && dataDir) SEALING_DIRS.set(resources, dataDir);
}

/** The asset's SSH port (its `ssh/<port>` protocol), or null when it does not speak SSH. */
export function sshPortOf(asset: StoredRow): number | null {
  const parsed = parseProtocols(readProtocols(asset.protocols));
  if (!parsed.ok) return null;
  const ssh = parsed.protocols.find((p) => p.startsWith('ssh/'));
  const port = ssh ? Number(ssh.split('/')[1]) : NaN;
  return Number.isInteger(port) && port > 0 && port <= 65535 ? port : null;
}

/**
 * Where an asset's SSH server is and how it is reached (through an active gateway of its domain when it
 * has one), without credentials; null when the asset has no SSH protocol.
 */
export async function assetEndpoint(
  resources: ResourceDirectory,
  asset: StoredRow,
): Promise<Omit<SshTarget, 'username'> | null> {
  const port = sshPortOf(asset);
  if (port === null) return null;
  const dataDir = SEALING_DIRS.get(resources) ?? '';
  const ctx = { ...systemContext(), orgId: String(asset.org_id) };
  const known = typeof asset.host_key === 'string' && asset.host_key !== '' ? asset.host_key : null;
  const endpoint: Omit<SshTarget, 'username'> = {
    host: String(asset.ip ?? ''),
    port,
    name: String(asset.hostname ?? ''),
    // Host-key memory (docs/ssh.md#host-keys): the first key seen is kept; a different one is refused.
    hostKey: known,
    rememberHostKey: async (fingerprint) => {
      await resources.get('assets.asset').setColumns(String(asset.id), { host_key: fingerprint });
    },
  };
  if (typeof asset.domain === 'string' && asset.domain !== '') {
    const gateways = await resources.get('assets.gateway').find(
      {
        allOf: [
          { field: 'domain', op: 'eq', value: asset.domain },
          { field: 'is_active', op: 'eq', value: true },
        ],
      },
      ctx,
    );
    const gateway = gateways.sort((a, b) => String(a.name).localeCompare(String(b.name)))[0];
    if (gateway) endpoint.gateway = gatewayEndpoint(dataDir, gateway);
  }
  return endpoint;
}

/**
 * How to log in to an asset over SSH as a system user (default: its admin user); null when the asset has
 * no SSH protocol or no such system user.
 */
export async function assetSshTarget(
  resources: ResourceDirectory,
  asset: StoredRow,
  systemUserId: unknown = asset.admin_user,
): Promise<SshTarget | null> {
  if (typeof systemUserId !== 'string' || systemUserId === '') return null;
  const ctx = { ...systemContext(), orgId: String(asset.org_id) };
  const user = await resources.get('assets.systemuser').get(systemUserId, ctx);
  if (!user) return null;
  const endpoint = await assetEndpoint(resources, asset);
  if (!endpoint) return null;
  const dataDir = SEALING_DIRS.get(resources) ?? '';
  return {
    ...endpoint,
    username: String(user.username ?? ''),
    ...openCredentials(dataDir, SYSTEM_USER_TABLE, user),
  };
}

/**
 * How to log in as an asset account (docs/accounts.md): its own user name and secrets, each secret
 * falling back to its system user's when the account has none of its own.
 */
export async function accountSshTarget(
  resources: ResourceDirectory,
  account: StoredRow,
  asset: StoredRow,
): Promise<SshTarget | null> {
  const endpoint = await assetEndpoint(resources, asset);
  if (!endpoint) return null;
  const secrets = await accountSecrets(resources, account);
  return { ...endpoint, username: String(account.username ?? ''), ...secrets };
}

/** An account's secrets in clear (own ones first, then its system user's): for a login or the MFA view. */
export async function accountSecrets(
  resources: ResourceDirectory,
  account: StoredRow,
): Promise<{ password: string; privateKey: string; passphrase: string; publicKey: string }> {
  const dataDir = SEALING_DIRS.get(resources) ?? '';
  const own = openCredentials(dataDir, ACCOUNT_TABLE, account);
  let user: StoredRow | null = null;
  if (typeof account.systemuser === 'string' && account.systemuser !== '')
    user = await resources
      .get('assets.systemuser')
      .get(account.systemuser, { ...systemContext(), orgId: String(account.org_id) });
  const inherited = user
    ? openCredentials(dataDir, SYSTEM_USER_TABLE, user)
    : { password: '', privateKey: '', passphrase: '' };
  const ownKey = own.privateKey !== '';
  return {
    password: own.password || inherited.password,
    // A key and its passphrase go together: an account's own key never takes its system user's passphrase.
    privateKey: ownKey ? own.privateKey : inherited.privateKey,
    passphrase: ownKey ? own.passphrase : inherited.passphrase,
    publicKey: String((ownKey ? account.public_key : user?.public_key) ?? ''),
  };
}

function gatewayEndpoint(dataDir: string, gateway: StoredRow): SshEndpoint {
  return {
    host: String(gateway.ip),
    port: Number(gateway.port ?? 22),
    username: String(gateway.username ?? ''),
    ...openCredentials(dataDir, 'assets_gateway', gateway),
    name: String(gateway.name),
  };
}

/** A system user's credentials, opened for logging in as it (and its public key for a push). */
export function openSystemUser(
  resources: ResourceDirectory,
  user: StoredRow,
): { username: string; password: string; privateKey: string; passphrase: string; publicKey: string } {
  const dataDir = SEALING_DIRS.get(resources) ?? '';
  return {
    username: String(user.username ?? ''),
    ...openCredentials(dataDir, SYSTEM_USER_TABLE, user),
    publicKey: typeof user.public_key === 'string' ? user.public_key : '',
  };
}
