import type { ResourceDeclaration } from '../../engine/declaration';
import { executionResource } from './execution';
import { taskResource } from './task';

/** The ops area's resources: tasks before the executions that link to them. */
export const OPS_RESOURCES: readonly ResourceDeclaration[] = [taskResource, executionResource];
