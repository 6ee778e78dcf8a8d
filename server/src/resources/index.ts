import type { ResourceDeclaration } from '../engine/declaration';
import { assetAccessResources } from './asset-access';
import { ASSET_RESOURCES } from './assets';
import { AUDIT_RESOURCES } from './audits';
import { identityResources } from './identity';
import type { IdentityDeps } from './identity/deps';
import { OPS_RESOURCES } from './ops';
import { PERM_RESOURCES } from './perms';
import { terminalResources } from './terminal';
import { ticketResources, type TicketDeps } from './tickets';

/** What some declarations need beyond the engine (the database for their stores, the licence, …). */
export interface ResourceDeps extends IdentityDeps, TicketDeps {
  /** Called when an org is created, renamed or deleted (the engine's cached org names). */
  onOrgsChanged: () => void;
}

/**
 * THE registration list: every declared resource, in registration order. The server, the `migrate` and
 * `copy-to-postgres` commands and the seeds all build their engine from it; an area adds one line here.
 */
export function declaredResources(deps: ResourceDeps): ResourceDeclaration[] {
  return [
    ...identityResources(deps, deps.onOrgsChanged),
    ...ASSET_RESOURCES,
    ...assetAccessResources(deps),
    ...OPS_RESOURCES,
    ...PERM_RESOURCES,
    ...ticketResources(deps),
    ...AUDIT_RESOURCES,
    ...terminalResources(deps),
  ];
}
