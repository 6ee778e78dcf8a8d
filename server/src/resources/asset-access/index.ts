import type { ResourceDeclaration, ResourceDirectory } from '../../engine/declaration';
import { accountResource, accountSecretResource } from './account';
import { adminUserResource } from './admin-user';
import { commandFilterResource } from './command-filter';
import { commandFilterRuleResource } from './command-filter-rule';
import { domainResource } from './domain';
import { gatewayResource } from './gateway';
import { gatheredUserResource } from './gathered-user';
import type { SecretDeps } from './secrets';
import { rememberSealingDir } from './ssh-targets';
import { systemUserResource } from './system-user';

/**
 * What makes an asset reachable and governs the sessions on it: domains and their gateways, system users
 * (and the admin-users view over them), command filters and their rules, asset accounts and their
 * MFA-gated secrets view. Secrets are sealed with the data
 * folder's key, hence `deps`.
 */
export function assetAccessResources(
  deps: SecretDeps & { resources?: ResourceDirectory },
): ResourceDeclaration[] {
  // SSH work outside a request (tasks) opens secrets through the engine's directory.
  rememberSealingDir(deps.resources, deps.config?.dataDir);
  return [
    domainResource,
    gatewayResource(deps),
    commandFilterResource,
    commandFilterRuleResource,
    systemUserResource(deps),
    adminUserResource(deps),
    accountResource(deps),
    accountSecretResource(),
    gatheredUserResource,
  ];
}
