import type { ResourceDeclaration } from '../../engine/declaration';
import { commandResource } from './commands';
import { sessionResource } from './sessions';
import { taskResource } from './tasks';
import { terminalResource } from './terminals';

/** The terminal area: components, their sessions, commands and tasks (docs/terminal.md). */
export const TERMINAL_RESOURCES: readonly ResourceDeclaration[] = [
  terminalResource,
  sessionResource,
  commandResource,
  taskResource,
];
