import type { Database } from '../data/database';
import { readStoredSettings } from '../data/stores/settings';
import { DEFAULT_COMMAND_STORAGE, DEFAULT_REPLAY_STORAGE } from '../resources/terminal/names';

/**
 * What a component is told at `GET /api/v1/terminal/terminals/config/` (docs/terminal.md#component-config):
 * the `terminal` settings with v2.21's defaults for what nobody changed, the idle limit, and the storages
 * (both of the local kind here).
 */
export const TERMINAL_SETTING_DEFAULTS = {
  TERMINAL_PASSWORD_AUTH: true,
  TERMINAL_PUBLIC_KEY_AUTH: true,
  TERMINAL_ASSET_LIST_SORT_BY: 'hostname',
  TERMINAL_ASSET_LIST_PAGE_SIZE: 'auto',
  TERMINAL_TELNET_REGEX: '',
  TERMINAL_MAGNUS_ENABLED: true,
  XRDP_ENABLED: true,
  TERMINAL_KOKO_SSH_ENABLED: true,
  TERMINAL_SESSION_KEEP_DURATION: 200,
  SECURITY_MAX_IDLE_TIME: 30,
} as const;

export async function terminalConfig(db: Database): Promise<Record<string, unknown>> {
  const stored = await readStoredSettings(db);
  const config: Record<string, unknown> = {};
  for (const [name, fallback] of Object.entries(TERMINAL_SETTING_DEFAULTS))
    config[name] = stored.has(name) ? stored.get(name) : fallback;
  config.TERMINAL_COMMAND_STORAGE = {
    [DEFAULT_COMMAND_STORAGE.name]: { TYPE: DEFAULT_COMMAND_STORAGE.type },
  };
  config.TERMINAL_REPLAY_STORAGE = { TYPE: DEFAULT_REPLAY_STORAGE.type };
  return config;
}

/** `SECURITY_SERVICE_ACCOUNT_REGISTRATION` (default on): whether the bootstrap token may register. */
export async function registrationAllowed(db: Database): Promise<boolean> {
  const stored = await readStoredSettings(db);
  return stored.get('SECURITY_SERVICE_ACCOUNT_REGISTRATION') !== false;
}
