import type { ResourceDeclaration } from '../../engine/declaration';
import { commandExecutionHostsResource, commandExecutionResource } from './command-execution';
import { executionResource } from './execution';
import { taskResource } from './task';

/** The ops area's resources: tasks before the executions that link to them; batch commands and their hosts. */
export const OPS_RESOURCES: readonly ResourceDeclaration[] = [
  taskResource,
  executionResource,
  commandExecutionResource,
  commandExecutionHostsResource,
];
