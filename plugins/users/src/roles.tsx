import { useState } from 'react';
import { Button } from 'primereact/button';
import { useSearchParams } from 'react-router-dom';
import {
  DetailPage,
  FormPage,
  InfoTab,
  ListTable,
  PublicSettings,
  RelationSelect,
  TabsPage,
  useCan,
  useService,
  useT,
  type DetailContext,
  type Row,
} from '@bastion/sdk';
import { PermissionTree } from './PermissionTree';
import { ROLES_PATH, USER_SELECT, bindingUrl, roleUrl, type RoleScope } from './common';

const scopeOf = (search: URLSearchParams): RoleScope => (search.get('scope') === 'org' ? 'org' : 'system');
const notBuiltin = (row: Row) => row.builtin !== true;

function RoleTable({ scope }: { scope: RoleScope }) {
  return (
    <ListTable
      url={roleUrl(scope)}
      name={`roles-${scope}`}
      basePath={ROLES_PATH}
      permissions={{ app: 'rbac', resource: `${scope}role` }}
      mirrorQuery={false}
      columns={[
        'display_name',
        'users_amount',
        'builtin',
        'created_by',
        'date_created',
        'date_updated',
        'comment',
        'actions',
      ]}
      columnsShow={{
        default: ['display_name', 'users_amount', 'builtin', 'comment', 'actions'],
        min: ['display_name', 'actions'],
      }}
      search={{ exclude: ['scope'] }}
      createPath={`${ROLES_PATH}/create?scope=${scope}`}
      detailPath={(row) => `${ROLES_PATH}/${row.id}?scope=${scope}`}
      updatePath={(row) => `${ROLES_PATH}/${row.id}/update?scope=${scope}`}
      canRow={{ update: notBuiltin, delete: notBuiltin }}
      rights={{ importUpdate: false }}
      testId={`roles-${scope}`}
    />
  );
}

/** Roles: system and organization tabs (the organization tab needs a licence). */
export function RoleListPage() {
  const licensed = useService(PublicSettings).licensed;
  const system = useCan('rbac.view_systemrole');
  const org = useCan('rbac.view_orgrole') && licensed;
  return (
    <TabsPage
      testId="roles-page"
      tabs={[
        {
          name: 'system',
          title: 'roles.system',
          hidden: !system,
          render: () => <RoleTable scope="system" />,
        },
        { name: 'org', title: 'roles.org', hidden: !org, render: () => <RoleTable scope="org" /> },
      ]}
    />
  );
}

export function RoleFormPage() {
  const [search] = useSearchParams();
  const scope = scopeOf(search);
  return (
    <FormPage
      url={roleUrl(scope)}
      basePath={ROLES_PATH}
      fields={[
        ['roles.basic', ['name', 'scope']],
        ['roles.permissions', ['permissions_help']],
        ['roles.other', ['comment']],
      ]}
      fieldsMeta={{
        scope: { readOnly: true },
        permissions_help: {
          widget: 'custom',
          label: 'roles.permissions',
          component: () => <PermissionsHelp />,
        },
      }}
      initial={{ scope }}
      transform={(v) => ({ ...v, scope })}
      afterSave={() => `${ROLES_PATH}?activeTab=${scope}`}
    />
  );
}

function PermissionsHelp() {
  const t = useT();
  return <small className="text-color-secondary">{t('roles.permissionsHelp')}</small>;
}

function RoleUsers({ c, scope }: { c: DetailContext; scope: RoleScope }) {
  const t = useT();
  const [users, setUsers] = useState<string[]>([]);
  const [tick, setTick] = useState(0);
  const canAdd = c.can(`rbac.add_${scope}rolebinding`) && !(scope === 'org' && c.rootOrg);
  const add = async () => {
    await c.http.post(
      bindingUrl(scope),
      users.map((user) => ({ user, role: c.object.id, scope })),
    );
    setUsers([]);
    setTick((n) => n + 1);
    c.reload();
  };
  return (
    <div className="flex flex-column gap-3">
      {canAdd ? (
        <div className="flex gap-2 align-items-center" data-testid="role-add-users">
          <div className="flex-1">
            <RelationSelect
              config={{ ...USER_SELECT, multiple: true }}
              value={users}
              onChange={(v) => setUsers((v as string[]) ?? [])}
              placeholder={t('roles.addUsers')}
            />
          </div>
          <Button
            type="button"
            label={t('roles.addUsersButton')}
            disabled={!users.length}
            onClick={() => void add()}
          />
        </div>
      ) : null}
      <ListTable
        key={tick}
        url={bindingUrl(scope)}
        extraQuery={{ role: String(c.object.id) }}
        permissions={{ app: 'rbac', resource: `${scope}rolebinding` }}
        mirrorQuery={false}
        columns={['user_display', 'org_name', 'actions']}
        search={{
          options: [
            { value: 'user__username', label: 'roles.username' },
            { value: 'user__name', label: 'roles.name' },
          ],
        }}
        hasCreate={false}
        hasImport={false}
        detailPath={null}
        rights={{ rowUpdate: false, rowClone: false, bulkUpdate: false }}
        testId="role-users"
      />
    </div>
  );
}

/** Role detail: info with the permission tree; the role's users. */
export function RoleDetailPage() {
  const [search] = useSearchParams();
  const scope = scopeOf(search);
  return (
    <DetailPage
      url={roleUrl(scope)}
      basePath={ROLES_PATH}
      title="roles.detail"
      permissions={{ app: 'rbac', resource: `${scope}role` }}
      hasUpdate={(o) => o.builtin !== true}
      hasDelete={(o) => o.builtin !== true}
      tabs={[
        {
          name: 'info',
          title: 'roles.info',
          render: (c) => (
            <InfoTab
              context={c}
              fields={[
                'id',
                'name',
                'display_name',
                'scope',
                'builtin',
                'users_amount',
                'created_by',
                'date_created',
                'date_updated',
                'comment',
              ]}
              aside={<PermissionTree c={c} scope={scope} />}
            />
          ),
        },
        {
          name: 'users',
          title: 'roles.users',
          hidden: (c) => !c.can(`rbac.view_${scope}rolebinding`),
          render: (c) => <RoleUsers c={c} scope={scope} />,
        },
      ]}
    />
  );
}
