import type { RequestContext, ResourceDirectory } from '../../engine/declaration';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import {
  DEFAULT_COMMAND_STORAGE,
  DEFAULT_ENDPOINT,
  DEFAULT_REPLAY_STORAGE,
  TERMINAL_COMMAND_STORAGE,
  TERMINAL_ENDPOINT,
  TERMINAL_REPLAY_STORAGE,
} from './names';

const system: RequestContext = {
  userId: '',
  username: 'System',
  orgId: ROOT_ORG_ID,
  perms: new Set(),
  isSystemAdmin: true,
  language: 'en',
};

/**
 * The built-in storages of the server kind and the Default endpoint (docs/terminal-settings.md), created
 * when missing on every start (idempotent); none of them can be deleted through the API.
 */
export async function ensureTerminalBuiltins(resources: ResourceDirectory): Promise<void> {
  const builtins = [
    [TERMINAL_REPLAY_STORAGE, { ...DEFAULT_REPLAY_STORAGE, is_default: true }],
    [TERMINAL_COMMAND_STORAGE, { ...DEFAULT_COMMAND_STORAGE, is_default: true }],
    [TERMINAL_ENDPOINT, { ...DEFAULT_ENDPOINT, host: '' }],
  ] as const;
  for (const [resource, row] of builtins) {
    const access = resources.get(resource);
    if (!(await access.get(row.id, system))) await access.create({ ...row }, system);
  }
}
