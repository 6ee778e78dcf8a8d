import type { IdentityDeps } from './deps';
import type { ResourceDeclaration } from '../../engine/declaration';
import { loginAclResource } from './login-acls';
import { orgResource } from './orgs';
import { roleBindingResource } from './role-bindings';
import { roleResource } from './roles';
import { userGroupRelationResource, userGroupResource } from './user-groups';
import { userResource } from './users';

/**
 * Organizations, users, groups, roles, role bindings and login ACLs (docs/resources.md#users,
 * docs/auth.md#login-acls, docs/organizations.md#organizations-themselves).
 */
export function identityResources(app: IdentityDeps, onOrgsChanged: () => void): ResourceDeclaration[] {
  return [
    orgResource(app, onOrgsChanged),
    userResource(app),
    userGroupResource(),
    userGroupRelationResource(),
    roleResource(app, 'all'),
    roleResource(app, 'system'),
    roleResource(app, 'org'),
    roleBindingResource(app, 'all'),
    roleBindingResource(app, 'system'),
    roleBindingResource(app, 'org'),
    loginAclResource(),
  ];
}
