import type { ResourceDeclaration } from '../../engine/declaration';
import { assetResource } from './asset';
import { favoriteAssetResource } from './favorite-asset';
import { labelResource } from './label';
import { nodeResource } from './node';
import { platformResource } from './platform';

/** The asset area's resources, in dependency order (platforms and labels before the assets naming them). */
export const ASSET_RESOURCES: readonly ResourceDeclaration[] = [
  platformResource,
  labelResource,
  nodeResource,
  assetResource,
  favoriteAssetResource,
];

export { BUILTIN_PLATFORMS } from './builtin-platforms';
