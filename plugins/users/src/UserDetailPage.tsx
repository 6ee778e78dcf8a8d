import {
  DetailPage,
  InfoTab,
  ListTable,
  QuickActions,
  READ_ONLY_TABLE,
  RelationCard,
  type DetailContext,
  type QuickAction,
} from '@bastion/sdk';
import {
  ACL_PATH,
  ACL_URL,
  ASSET_PERMISSIONS_PATH,
  ASSET_PERMISSIONS_URL,
  GROUP_SELECT,
  USERS_PATH,
  USERS_URL,
} from './common';
import { GrantedAssetsTab } from './GrantedAssetsTab';

type User = Record<string, unknown> & {
  id: string;
  groups?: string[];
  is_active?: boolean;
  login_blocked?: boolean;
  source?: unknown;
};

const FIELDS = [
  'id',
  'name',
  'username',
  'email',
  'phone',
  'wechat',
  'groups_display',
  'system_roles_display',
  'org_roles_display',
  'source',
  'mfa_level',
  'is_valid',
  'is_active',
  'login_blocked',
  'date_expired',
  'date_joined',
  'last_login',
  'date_password_last_updated',
  'created_by',
  'comment',
];

function sourceOf(u: User): string {
  const s = u.source;
  return typeof s === 'object' && s !== null ? String((s as { value: unknown }).value) : String(s ?? 'local');
}

function Aside({ c }: { c: DetailContext }) {
  const user = c.object as User;
  const canChange = c.can('users.change_user');
  const call = (method: 'get' | 'patch', path: string, done: string) => async () => {
    if (method === 'get') await c.http.get(`${c.url}${path}`);
    else await c.http.patch(`${c.url}${path}`, {});
    c.notify('success', done);
    c.reload();
  };
  const actions: QuickAction[] = [
    {
      name: 'active',
      label: 'users.quick.active',
      type: 'switch',
      checked: user.is_active === true,
      disabled: !canChange,
      onChange: async (checked) => {
        await c.http.patch(c.url, { is_active: checked });
        c.notify('success', 'users.quick.done');
        c.reload();
      },
    },
    {
      name: 'reset-mfa',
      label: 'users.quick.resetMfa',
      type: 'button',
      buttonLabel: 'users.quick.reset',
      disabled: !canChange,
      onClick: call('get', 'mfa/reset/', 'users.quick.mfaReset'),
    },
    {
      name: 'reset-password',
      label: 'users.quick.resetPassword',
      type: 'button',
      buttonLabel: 'users.quick.send',
      disabled: !canChange || sourceOf(user) !== 'local',
      onClick: call('patch', 'password/reset/', 'users.quick.passwordReset'),
    },
    {
      name: 'reset-ssh-key',
      label: 'users.quick.resetSshKey',
      type: 'button',
      buttonLabel: 'users.quick.send',
      disabled: !canChange,
      onClick: call('patch', 'pubkey/reset/', 'users.quick.sshKeyReset'),
    },
    {
      name: 'unblock',
      label: 'users.quick.unblock',
      type: 'button',
      buttonLabel: 'users.quick.unblockButton',
      disabled: !canChange || !user.login_blocked,
      onClick: call('patch', 'unblock/', 'users.quick.unblocked'),
    },
  ];
  const groups = user.groups ?? [];
  const saveGroups = async (next: string[]) => {
    await c.http.patch(c.url, { groups: next });
    c.reload();
  };
  return (
    <>
      <QuickActions title="users.quick.title" actions={actions} />
      <RelationCard
        title="users.groupsCard"
        testId="user-groups-card"
        select={GROUP_SELECT}
        value={groups}
        disabled={c.rootOrg || !canChange}
        add={(ids) => saveGroups([...groups, ...ids])}
        remove={(id) => saveGroups(groups.filter((g) => g !== id))}
      />
    </>
  );
}

/**
 * User detail: basic info with quick actions and the groups relation; what the user was granted (node tree and
 * assets), the asset permissions naming them, and their login ACL rules.
 */
export default function UserDetailPage() {
  return (
    <DetailPage
      url={USERS_URL}
      basePath={USERS_PATH}
      title="users.detailTitle"
      getObjectName={(o) => `${String(o.name)}(${String(o.username)})`}
      hasDelete={() => true}
      tabs={[
        {
          name: 'info',
          title: 'users.tab.info',
          render: (c) => <InfoTab context={c} fields={FIELDS} aside={<Aside c={c} />} />,
        },
        {
          name: 'granted-assets',
          title: 'users.tab.grantedAssets',
          hidden: (c) => !c.can('perms.view_userassets'),
          render: (c) => <GrantedAssetsTab subject={{ kind: 'users', id: String(c.object.id) }} />,
        },
        {
          // The permissions naming the user directly or through a group; each opens its own detail page.
          name: 'asset-permissions',
          title: 'users.tab.assetPermissions',
          hidden: (c) => !c.can('perms.view_assetpermission'),
          render: (c) => (
            <ListTable
              url={ASSET_PERMISSIONS_URL}
              extraQuery={{ user_id: String(c.object.id) }}
              basePath={ASSET_PERMISSIONS_PATH}
              name="user-asset-permissions"
              testId="user-asset-permissions"
              permissions={{ app: 'perms', resource: 'assetpermission' }}
              rights={READ_ONLY_TABLE}
              mirrorQuery={false}
              hasColumnSettings={false}
              selectable={false}
              columns={[
                'name',
                'users_amount',
                'user_groups_amount',
                'assets_amount',
                'nodes_amount',
                'date_expired',
                'is_valid',
                'is_active',
              ]}
            />
          ),
        },
        {
          name: 'login-acl',
          title: 'users.tab.loginAcl',
          hidden: (c) => !c.can('acls.view_loginacl'),
          render: (c) => (
            <ListTable
              url={ACL_URL}
              extraQuery={{ user: String(c.object.id) }}
              basePath={ACL_PATH}
              mirrorQuery={false}
              hasImport={false}
              createPath={`${ACL_PATH}/create?user=${String(c.object.id)}`}
              columns={['name', 'priority', 'action', 'is_active', 'comment', 'actions']}
            />
          ),
        },
      ]}
    />
  );
}
