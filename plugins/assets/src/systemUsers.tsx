import type { MenuItem } from 'primereact/menuitem';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  DetailPage,
  FormPage,
  InfoTab,
  ListTable,
  MenuButton,
  QuickActions,
  TabsPage,
  m2mCard,
  openTaskLog,
  taskIdOf,
  useCan,
  useT,
  type DetailContext,
  type FieldsLayout,
} from '@bastion/sdk';
import {
  ADMIN_USERS_URL,
  ASSET_SELECT,
  CMD_FILTER_SELECT,
  NODE_SELECT,
  SYSTEM_USERS_PATH,
  SYSTEM_USERS_URL,
} from './common';

/** Protocols of the create menu, in v2.21's order. */
const PROTOCOLS = [
  'ssh',
  'rdp',
  'vnc',
  'telnet',
  'mysql',
  'mariadb',
  'postgresql',
  'oracle',
  'sqlserver',
  'redis',
  'mongodb',
  'k8s',
];
const DATABASES = ['mysql', 'mariadb', 'postgresql', 'oracle', 'sqlserver', 'redis', 'mongodb'];

/** The form's groups for one protocol (admin: the admin-user form). */
function layoutOf(protocol: string, admin: boolean): FieldsLayout {
  const auth = ['login_mode', 'auto_generate_key', 'password', 'private_key', 'passphrase'];
  if (admin)
    return [
      ['systemUser.basic', ['name', 'username']],
      ['systemUser.auth', ['password', 'private_key', 'passphrase']],
      ['systemUser.cmdFilter', ['cmd_filters']],
      ['systemUser.su', ['su_enabled', 'su_from']],
      ['systemUser.other', ['priority', 'sftp_root', 'comment']],
    ];
  if (protocol === 'k8s')
    return [
      ['systemUser.basic', ['name', 'protocol']],
      ['systemUser.auth', ['token']],
      ['systemUser.cmdFilter', ['cmd_filters']],
      ['systemUser.other', ['priority', 'comment']],
    ];
  if (DATABASES.includes(protocol))
    return [
      ['systemUser.basic', ['name', 'protocol', 'username', 'priority']],
      ['systemUser.auth', ['login_mode', 'password']],
      ['systemUser.cmdFilter', ['cmd_filters']],
      ['systemUser.other', ['comment']],
    ];
  if (protocol === 'vnc' || protocol === 'telnet')
    return [
      ['systemUser.basic', ['name', 'protocol', 'username']],
      ['systemUser.auth', ['login_mode', 'password']],
      ...(protocol === 'telnet' ? ([['systemUser.cmdFilter', ['cmd_filters']]] as FieldsLayout) : []),
      ['systemUser.other', ['priority', 'comment']],
    ];
  if (protocol === 'rdp')
    return [
      ['systemUser.basic', ['name', 'protocol', 'username', 'username_same_with_user']],
      ['systemUser.auth', ['login_mode', 'password']],
      ['systemUser.autoPush', ['auto_push', 'ad_domain', 'system_groups']],
      ['systemUser.other', ['priority', 'comment']],
    ];
  return [
    ['systemUser.basic', ['name', 'protocol', 'username', 'username_same_with_user']],
    ['systemUser.auth', auth],
    ['systemUser.autoPush', ['auto_push', 'sudo', 'shell', 'home', 'system_groups']],
    ['systemUser.cmdFilter', ['cmd_filters']],
    ['systemUser.su', ['su_enabled', 'su_from']],
    ['systemUser.other', ['priority', 'sftp_root', 'comment']],
  ];
}

const manual = (v: Record<string, unknown>) => v.login_mode === 'manual';

export function SystemUserForm() {
  const [search] = useSearchParams();
  const admin = search.get('type') === 'admin';
  const protocol = admin ? 'ssh' : (search.get('protocol') ?? 'ssh');
  return (
    <FormPage
      url={admin ? ADMIN_USERS_URL : SYSTEM_USERS_URL}
      basePath={SYSTEM_USERS_PATH}
      fields={layoutOf(protocol, admin)}
      fieldsMeta={{
        protocol: { readOnly: true },
        password: { widget: 'password', hidden: manual },
        passphrase: { widget: 'password', hidden: manual },
        private_key: { widget: 'textarea', hidden: manual },
        auto_generate_key: { hidden: manual },
        token: { widget: 'textarea' },
        cmd_filters: { relation: CMD_FILTER_SELECT },
        su_from: {
          relation: {
            url: SYSTEM_USERS_URL,
            label: (r) => `${String(r.name ?? '')}(${String(r.username ?? '')})`,
            params: { protocol: 'ssh', login_mode: 'auto' },
          },
          hidden: (v) => v.su_enabled !== true,
        },
        home: { hidden: (v) => v.username_same_with_user === true },
        username: { hidden: (v) => v.username_same_with_user === true },
      }}
      initial={{ protocol, ...(admin ? { type: 'admin' } : {}) }}
      afterSave={() => `${SYSTEM_USERS_PATH}?activeTab=${admin ? 'admin' : 'common'}`}
      testId="system-user-form"
    />
  );
}

/** The protocol menu of "Create" (v2.21's order), the SDK's menu button as every list's. */
function CreateMenu() {
  const t = useT();
  const navigate = useNavigate();
  const items: MenuItem[] = PROTOCOLS.map((protocol) => ({
    label: t(`systemUser.protocol.${protocol}`),
    command: () => navigate(`${SYSTEM_USERS_PATH}/create?protocol=${protocol}`),
    data: { testid: `create-${protocol}` },
  }));
  return (
    <MenuButton
      label={t('systemUser.createMenu')}
      items={items}
      look="outlined"
      testId="system-user-create"
    />
  );
}

function CommonTable() {
  const canAdd = useCan('assets.add_systemuser');
  return (
    <ListTable
      url={SYSTEM_USERS_URL}
      name="system-users-common"
      extraQuery={{ type: 'common' }}
      basePath={SYSTEM_USERS_PATH}
      permissions={{ app: 'assets', resource: 'systemuser' }}
      mirrorQuery={false}
      columns={[
        'name',
        'username',
        'username_same_with_user',
        'protocol',
        'login_mode',
        'assets_amount',
        'applications_amount',
        'priority',
        'created_by',
        'date_created',
        'date_updated',
        'comment',
        'org_name',
        'actions',
      ]}
      columnsShow={{
        default: [
          'name',
          'username',
          'protocol',
          'login_mode',
          'assets_amount',
          'applications_amount',
          'comment',
          'actions',
        ],
        min: ['name', 'actions'],
      }}
      search={{ exclude: ['type', 'protocol'] }}
      hasCreate={false}
      toolbar={canAdd ? <CreateMenu /> : null}
      updatePath={(row) => `${SYSTEM_USERS_PATH}/${row.id}/update?protocol=${String(row.protocol)}`}
      rights={{ import: false, importUpdate: false }}
      testId="system-users-common"
    />
  );
}

function AdminTable() {
  return (
    <ListTable
      url={ADMIN_USERS_URL}
      name="system-users-admin"
      basePath={SYSTEM_USERS_PATH}
      permissions={{ app: 'assets', resource: 'systemuser' }}
      mirrorQuery={false}
      columns={[
        'name',
        'username',
        'assets_amount',
        'created_by',
        'date_created',
        'date_updated',
        'comment',
        'org_name',
        'actions',
      ]}
      columnsShow={{
        default: ['name', 'username', 'assets_amount', 'comment', 'actions'],
        min: ['name', 'actions'],
      }}
      createPath={`${SYSTEM_USERS_PATH}/create?type=admin`}
      updatePath={(row) => `${SYSTEM_USERS_PATH}/${row.id}/update?type=admin`}
      rights={{ import: false, importUpdate: false }}
      testId="system-users-admin"
    />
  );
}

/** System users: the common users and the admin users, as two tabs. */
export function SystemUserListPage() {
  return (
    <TabsPage
      testId="system-users-page"
      tabs={[
        { name: 'common', title: 'systemUser.common', render: () => <CommonTable /> },
        { name: 'admin', title: 'systemUser.admin', render: () => <AdminTable /> },
      ]}
    />
  );
}

const INFO_FIELDS = [
  'id',
  'name',
  'username',
  'type',
  'protocol',
  'login_mode',
  'ssh_key_fingerprint',
  'priority',
  'sudo',
  'shell',
  'home',
  'system_groups',
  'sftp_root',
  'username_same_with_user',
  'auto_push',
  'su_enabled',
  'assets_amount',
  'created_by',
  'date_created',
  'date_updated',
  'comment',
];

const assetsCard = m2mCard({
  field: 'assets',
  title: 'systemUser.assetsCard',
  select: ASSET_SELECT,
  permission: 'assets.change_systemuser',
});
const nodesCard = m2mCard({
  field: 'nodes',
  title: 'systemUser.nodesCard',
  select: NODE_SELECT,
  permission: 'assets.change_systemuser',
});
const filtersCard = m2mCard({
  field: 'cmd_filters',
  title: 'systemUser.cmdFilter',
  select: CMD_FILTER_SELECT,
  permission: 'assets.change_systemuser',
});

/** Starts a push or test of the system user on its assets and opens the task log. */
async function runTask(c: DetailContext, action: 'push' | 'test'): Promise<void> {
  const task = taskIdOf(await c.http.post(`${c.url}tasks/`, { action }));
  if (task) openTaskLog(task);
}

function Aside({ c }: { c: DetailContext }) {
  const pushable = ['ssh', 'rdp'].includes(String(c.object.protocol)) && c.object.type !== 'admin';
  const ssh = c.object.protocol === 'ssh';
  return (
    <>
      {ssh ? (
        <QuickActions
          title="systemUser.tasks"
          actions={[
            {
              name: 'test',
              label: 'systemUser.testAssets',
              type: 'button',
              buttonLabel: 'systemUser.testButton',
              disabled: !c.can('assets.test_assetconnectivity') || c.rootOrg,
              onClick: () => runTask(c, 'test'),
            },
            {
              name: 'push',
              label: 'systemUser.pushAssets',
              type: 'button',
              buttonLabel: 'systemUser.pushButton',
              disabled: !c.can('assets.push_assetsystemuser') || c.rootOrg || c.object.type === 'admin',
              onClick: () => runTask(c, 'push'),
            },
          ]}
        />
      ) : null}
      {pushable ? (
        <QuickActions
          title="systemUser.quick"
          actions={[
            {
              name: 'auto_push',
              label: 'systemUser.autoPushSwitch',
              type: 'switch',
              checked: c.object.auto_push === true,
              disabled: !c.can('assets.change_systemuser') || c.rootOrg || c.object.login_mode === 'manual',
              onChange: async (checked) => {
                await c.http.patch(c.url, { auto_push: checked });
                c.notify('success', 'systemUser.saved');
                c.reload();
              },
            },
          ]}
        />
      ) : null}
      {filtersCard(c)}
    </>
  );
}

export function SystemUserDetailPage() {
  return (
    <DetailPage
      url={SYSTEM_USERS_URL}
      basePath={SYSTEM_USERS_PATH}
      title="systemUser.detailTitle"
      getObjectName={(o) => String(o.name)}
      tabs={[
        {
          name: 'info',
          title: 'systemUser.tab.info',
          render: (c) => <InfoTab context={c} fields={INFO_FIELDS} aside={<Aside c={c} />} />,
        },
        {
          name: 'assets',
          title: 'systemUser.tab.assets',
          hidden: (c) => c.object.is_asset_protocol !== true,
          render: (c) => (
            <div className="flex flex-wrap gap-3">
              {assetsCard(c)}
              {nodesCard(c)}
            </div>
          ),
        },
      ]}
    />
  );
}
