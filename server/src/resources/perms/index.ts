import type { ResourceDeclaration } from '../../engine/declaration';
import { assetPermissionResource } from './asset-permission';

/**
 * The permission area's resources (docs/resources.md#asset-permissions); application permissions wait for
 * applications.
 */
export const PERM_RESOURCES: readonly ResourceDeclaration[] = [assetPermissionResource];

export { ASSET_PERMISSION } from './asset-permission';
export { ACTION_NAMES, actionLabels, actionsToMask, maskToActions, type ActionName } from './actions-bitmask';
