import { Suspense, lazy, useState } from 'react';
import {
  Http,
  ListPage,
  PublicSettings,
  createSpm,
  useCan,
  useOrg,
  useService,
  ROOT_ORG_ID,
  type TableActionContext,
} from '@bastion/sdk';
import { GROUP_SELECT, USERS_PATH, USERS_URL } from './common';
// The invite dialog (licence only) is its own chunk.
const InviteDialog = lazy(() => import('./InviteDialog').then((m) => ({ default: m.InviteDialog })));

const COLUMNS = [
  'name',
  'username',
  'email',
  'phone',
  'wechat',
  'groups_display',
  'system_roles',
  'org_roles',
  'source',
  'is_valid',
  'login_blocked',
  'mfa_enabled',
  'mfa_force_enabled',
  'is_expired',
  'last_login',
  'date_joined',
  'date_password_last_updated',
  'comment',
  'created_by',
  'actions',
];

/**
 * Users list (docs/resources.md#users): more-actions activate/disable/update/remove selected, invite, remove.
 */
export default function UserListPage() {
  const http = useService(Http);
  const licensed = useService(PublicSettings).licensed;
  const root = useOrg()?.id === ROOT_ORG_ID;
  const canRemove = useCan('users.remove_user') && licensed && !root;
  const canInvite = useCan('users.invite_user') && licensed && !root;
  const canChange = useCan('users.change_user');
  const [inviting, setInviting] = useState<(() => void) | null>(null);

  const setActive = (active: boolean) => async (c: TableActionContext) => {
    await http.patch(
      USERS_URL,
      c.selected.map((r) => ({ id: r.id, is_active: active })),
    );
    c.notify('success', active ? 'users.activated' : 'users.disabled');
    c.clearSelection();
    c.reload();
  };
  const removeSelected = async (c: TableActionContext) => {
    const spm = await createSpm(
      http,
      c.selected.map((r) => r.id),
    );
    await http.post(`${USERS_URL}remove/`, undefined, { params: { spm } });
    c.notify('success', 'users.removed');
    c.clearSelection();
    c.reload();
  };
  const some = (c: TableActionContext) => c.selected.length > 0;

  return (
    <>
      <ListPage
        url={USERS_URL}
        basePath={USERS_PATH}
        testId="users-list"
        columns={COLUMNS}
        columnsShow={{
          default: ['name', 'username', 'groups_display', 'source', 'is_valid', 'actions'],
          min: ['name', 'username', 'actions'],
        }}
        columnsMeta={{
          system_roles: { displayField: 'system_roles_display', kind: 'text' },
          org_roles: { displayField: 'org_roles_display', kind: 'text', has: licensed },
          groups_display: { label: 'users.field.groups' },
        }}
        bulkUpdate={{
          fields: ['groups', 'date_expired', 'comment'],
          fieldsMeta: { groups: { relation: GROUP_SELECT } },
        }}
        moreActions={[
          {
            name: 'remove-selected',
            label: 'users.removeSelected',
            icon: 'pi pi-user-minus',
            has: canRemove,
            can: some,
            onClick: removeSelected,
          },
          {
            name: 'disable-selected',
            label: 'users.disableSelected',
            icon: 'pi pi-ban',
            has: canChange,
            can: some,
            onClick: setActive(false),
          },
          {
            name: 'activate-selected',
            label: 'users.activateSelected',
            icon: 'pi pi-check',
            has: canChange,
            can: some,
            onClick: setActive(true),
          },
        ]}
        headerActions={[
          {
            name: 'invite',
            label: 'users.invite',
            icon: 'pi pi-user-plus',
            has: canInvite,
            onClick: (c) => setInviting(() => c.reload),
          },
        ]}
        rowActions={[
          {
            name: 'remove',
            label: 'users.remove',
            has: () => canRemove,
            onClick: async ({ row, reload, notify }) => {
              await http.post(`${USERS_URL}${row.id}/remove/`);
              notify('success', 'users.removed');
              reload();
            },
          },
        ]}
      />
      {inviting ? (
        <Suspense fallback={null}>
          <InviteDialog
            onHide={(done) => {
              if (done) inviting();
              setInviting(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
