import type { ResourceDeclaration } from '../../engine/declaration';
import type { SecretDeps } from '../asset-access/secrets';
import { commandResource } from './commands';
import { endpointResource, endpointRuleResource } from './endpoints';
import { sessionResource } from './sessions';
import { sessionJoinRecordResource, sessionSharingResource } from './session-sharing';
import { commandStorageResource, replayStorageResource } from './storages';
import { taskResource } from './tasks';
import { terminalResource } from './terminals';

/**
 * The terminal area: components, their sessions, commands and tasks (docs/terminal.md); the storages,
 * endpoints and endpoint rules of the terminal settings (docs/terminal-settings.md).
 */
export const terminalResources = (deps: SecretDeps): ResourceDeclaration[] => [
  terminalResource,
  sessionResource,
  sessionSharingResource,
  sessionJoinRecordResource,
  commandResource,
  taskResource,
  replayStorageResource(deps),
  commandStorageResource(deps),
  endpointResource,
  endpointRuleResource,
];
