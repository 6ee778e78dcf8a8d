import type { ResourceDeclaration } from '../engine/declaration';
import { ASSET_RESOURCES } from './assets';
import { OPS_RESOURCES } from './ops';
import { PERM_RESOURCES } from './perms';

/**
 * The declared resources of every area beyond identity, in registration order (app.ts adds the identity
 * resources, which need the app context). An area adds one spread here.
 */
export const RESOURCES: readonly ResourceDeclaration[] = [
  ...ASSET_RESOURCES,
  ...OPS_RESOURCES,
  ...PERM_RESOURCES,
];
