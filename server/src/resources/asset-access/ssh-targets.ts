import type { ResourceDirectory, StoredRow } from '../../engine/declaration';
import { systemContext } from '../../ops/task-runner';
import { parseProtocols, readProtocols } from '../assets/asset-protocols';
import type { SshEndpoint, SshTarget } from '../../ssh/ssh-client';
import { openCredentials } from './secrets';
import { SYSTEM_USER_TABLE } from './system-user';

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
 * How to log in to an asset over SSH as a system user (default: its admin user), through an active gateway
 * of its domain when it has one; null when the asset has no SSH protocol or no such system user.
 */
export async function assetSshTarget(
  resources: ResourceDirectory,
  asset: StoredRow,
  systemUserId: unknown = asset.admin_user,
): Promise<SshTarget | null> {
  const port = sshPortOf(asset);
  if (port === null || typeof systemUserId !== 'string' || systemUserId === '') return null;
  const dataDir = SEALING_DIRS.get(resources) ?? '';
  const ctx = { ...systemContext(), orgId: String(asset.org_id) };
  const user = await resources.get('assets.systemuser').get(systemUserId, ctx);
  if (!user) return null;
  const target: SshTarget = {
    host: String(asset.ip ?? ''),
    port,
    username: String(user.username ?? ''),
    ...openCredentials(dataDir, SYSTEM_USER_TABLE, user),
    name: String(asset.hostname ?? ''),
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
    if (gateway) target.gateway = gatewayEndpoint(dataDir, gateway);
  }
  return target;
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
