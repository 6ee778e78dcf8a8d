import type { AppContext } from '../app-context';
import type { RequestContext, StoredRow } from '../engine/declaration';
import type { ResourceRegistry } from '../engine/runtime';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import {
  DEFAULT_COMMAND_STORAGE,
  DEFAULT_REPLAY_STORAGE,
  TERMINAL_COMMAND_STORAGE,
  TERMINAL_REPLAY_STORAGE,
  TERMINAL_TABLES,
} from '../resources/terminal/names';
import {
  COMMAND_STORAGE_KINDS,
  REPLAY_STORAGE_KINDS,
  type StorageKind,
} from '../resources/terminal/storage-kinds';
import { openStorageMeta } from '../resources/terminal/storages';
import { categoryValues } from '../settings/settings-values';
import { SettingsCache } from '../settings/settings-cache';

const system: RequestContext = {
  userId: '',
  username: 'System',
  orgId: ROOT_ORG_ID,
  perms: new Set(),
  isSystemAdmin: true,
  language: 'en',
};

/** A storage as a component reads it: `TYPE` and the kind's keys, secrets included (it writes there). */
const storageConfig = (
  dataDir: string,
  table: string,
  kinds: Readonly<Record<string, StorageKind>>,
  storage: StoredRow | undefined,
  fallback: string,
): Record<string, unknown> => ({
  TYPE: storage ? String(storage.type) : fallback,
  ...(storage ? openStorageMeta(dataDir, table, kinds, storage) : {}),
});

async function storageNamed(
  registry: ResourceRegistry,
  resource: string,
  name: unknown,
  fallbackName: string,
): Promise<StoredRow | undefined> {
  const storages = registry.resource(resource);
  const [named] = await storages.find(
    { field: 'name', op: 'eq', value: String(name ?? fallbackName) },
    system,
  );
  if (named) return named;
  const [builtin] = await storages.find({ field: 'name', op: 'eq', value: fallbackName }, system);
  return builtin;
}

/**
 * What a component is told at `GET /api/v1/terminal/terminals/config/` (docs/terminal-settings.md#the-component-config):
 * the `terminal` settings, the idle limit and retention it applies to its sessions, and the storages it is
 * assigned (the built-in ones for a caller that is no component, or whose storage is gone).
 */
export async function terminalConfig(
  ctx: AppContext,
  registry: ResourceRegistry,
  component: StoredRow | null,
): Promise<Record<string, unknown>> {
  const terminal = await categoryValues(ctx.db, ctx.config, 'terminal');
  const security = await categoryValues(ctx.db, ctx.config, 'security');
  const clean = await categoryValues(ctx.db, ctx.config, 'clean');
  const other = await categoryValues(ctx.db, ctx.config, 'other');
  const commandStorage = await storageNamed(
    registry,
    TERMINAL_COMMAND_STORAGE,
    component?.command_storage,
    DEFAULT_COMMAND_STORAGE.name,
  );
  const replayStorage = await storageNamed(
    registry,
    TERMINAL_REPLAY_STORAGE,
    component?.replay_storage,
    DEFAULT_REPLAY_STORAGE.name,
  );
  return {
    ...terminal,
    SECURITY_MAX_IDLE_TIME: security.SECURITY_MAX_IDLE_TIME,
    TERMINAL_SESSION_KEEP_DURATION: clean.TERMINAL_SESSION_KEEP_DURATION,
    // The Other settings (docs/settings.md#other).
    WINDOWS_SSH_DEFAULT_SHELL: other.WINDOWS_SSH_DEFAULT_SHELL,
    TERMINAL_COMMAND_STORAGE: {
      [String(commandStorage?.name ?? DEFAULT_COMMAND_STORAGE.name)]: storageConfig(
        ctx.config.dataDir,
        TERMINAL_TABLES.commandStorage,
        COMMAND_STORAGE_KINDS,
        commandStorage,
        DEFAULT_COMMAND_STORAGE.type,
      ),
    },
    TERMINAL_REPLAY_STORAGE: storageConfig(
      ctx.config.dataDir,
      TERMINAL_TABLES.replayStorage,
      REPLAY_STORAGE_KINDS,
      replayStorage,
      DEFAULT_REPLAY_STORAGE.type,
    ),
  };
}

/** `SECURITY_SERVICE_ACCOUNT_REGISTRATION` (default on): whether the bootstrap token may register. */
export async function registrationAllowed(ctx: AppContext): Promise<boolean> {
  const stored = await SettingsCache.of(ctx.db).stored();
  return stored.get('SECURITY_SERVICE_ACCOUNT_REGISTRATION') !== false;
}

/** Seconds between two heartbeats, as the components are told (docs/terminal-settings.md#heartbeat). */
export async function heartbeatInterval(ctx: AppContext): Promise<number> {
  const value = (await categoryValues(ctx.db, ctx.config, 'terminal')).TERMINAL_HEARTBEAT_INTERVAL;
  return typeof value === 'number' && value > 0 ? value : 30;
}
