import { useSearchParams } from 'react-router-dom';
import {
  FormPage,
  InfoTab,
  ListTable,
  crudRoutes,
  m2mCard,
  type DetailContext,
  type RouteContribution,
} from '@bastion/sdk';
import {
  ASSET_SELECT,
  CMD_FILTERS_PATH,
  CMD_FILTERS_URL,
  CMD_FILTER_RULES_PATH,
  SYSTEM_USER_SELECT,
  USER_SELECT,
  cmdFilterRulesUrl,
} from './common';

const GROUP_SELECT = {
  url: '/api/v1/users/groups/',
  multiple: true,
  label: (r: Record<string, unknown>) => String(r.name ?? ''),
};
const count = (field: string) => ({
  body: (row: Record<string, unknown>) => (Array.isArray(row[field]) ? row[field].length : 0),
});

/** A filter's rules (its detail's Rules tab), ordered by priority. */
function RulesTab({ c }: { c: DetailContext }) {
  const filter = String(c.object.id);
  return (
    <ListTable
      url={cmdFilterRulesUrl(filter)}
      name="cmd-filter-rules"
      basePath={CMD_FILTER_RULES_PATH}
      permissions={{ app: 'assets', resource: 'commandfilterrule' }}
      mirrorQuery={false}
      columns={['type', 'content', 'ignore_case', 'action', 'priority', 'pattern', 'comment', 'actions']}
      columnsMeta={{ type: { displayField: 'type_display' }, action: { displayField: 'action_display' } }}
      createPath={`${CMD_FILTER_RULES_PATH}/create?filter=${filter}`}
      updatePath={(row) => `${CMD_FILTER_RULES_PATH}/${row.id}/update?filter=${filter}`}
      detailPath={null}
      rights={{ import: false, importUpdate: false, export: false }}
      testId="cmd-filter-rules"
    />
  );
}

const systemUsersCard = m2mCard({
  field: 'system_users',
  title: 'cmdFilter.systemUsers',
  select: SYSTEM_USER_SELECT,
  permission: 'assets.change_commandfilter',
});

/** Command filters; the detail holds the rules. */
export const commandFilterRoutes = crudRoutes({
  path: CMD_FILTERS_PATH,
  url: CMD_FILTERS_URL,
  titles: 'cmdFilter',
  permissions: { app: 'assets', resource: 'commandfilter' },
  list: {
    testId: 'cmd-filters-list',
    columns: [
      'name',
      'rules',
      'users',
      'user_groups',
      'assets',
      'system_users',
      'is_active',
      'created_by',
      'date_created',
      'comment',
      'org_name',
      'actions',
    ],
    columnsShow: { default: ['name', 'rules', 'comment', 'actions'], min: ['name', 'actions'] },
    columnsMeta: {
      rules: count('rules'),
      users: count('users'),
      user_groups: count('user_groups'),
      assets: count('assets'),
      system_users: count('system_users'),
    },
    hasImport: false,
    hasExport: false,
  },
  form: {
    fields: [
      ['cmdFilter.basic', ['name']],
      ['cmdFilter.correlation', ['users', 'user_groups', 'assets', 'system_users']],
      ['cmdFilter.other', ['is_active', 'comment']],
    ],
    fieldsMeta: {
      users: { relation: USER_SELECT },
      user_groups: { relation: GROUP_SELECT },
      assets: { relation: ASSET_SELECT },
      system_users: { relation: SYSTEM_USER_SELECT },
    },
  },
  detail: {
    title: 'cmdFilter.detail',
    tabs: [
      {
        name: 'info',
        title: 'cmdFilter.tab.info',
        render: (c) => (
          <InfoTab
            context={c}
            fields={['id', 'name', 'is_active', 'created_by', 'date_created', 'date_updated', 'comment']}
            aside={systemUsersCard(c)}
          />
        ),
      },
      {
        name: 'rules',
        title: 'cmdFilter.tab.rules',
        hidden: (c) => !c.can('assets.view_commandfilterrule'),
        render: (c) => <RulesTab c={c} />,
      },
    ],
  },
});

function RuleForm() {
  const [search] = useSearchParams();
  const filter = search.get('filter') ?? '';
  return (
    <FormPage
      url={cmdFilterRulesUrl(filter)}
      basePath={CMD_FILTER_RULES_PATH}
      fields={[
        ['cmdFilter.rule', ['type', 'content', 'ignore_case', 'priority', 'action', 'reviewers', 'comment']],
      ]}
      fieldsMeta={{
        reviewers: { relation: USER_SELECT, hidden: (v) => v.action !== 2 },
        content: { widget: 'textarea' },
      }}
      saveAndAdd={false}
      afterSave={() => `${CMD_FILTERS_PATH}/${filter}?activeTab=rules`}
      testId="cmd-filter-rule-form"
    />
  );
}

/** Rule create and update, reached from a filter's Rules tab (`?filter=`). */
export const commandFilterRuleRoutes: RouteContribution[] = [
  {
    view: 'console',
    path: `${CMD_FILTER_RULES_PATH}/create`,
    title: 'cmdFilter.ruleCreate',
    hidden: true,
    noCache: true,
    permissions: ['assets.add_commandfilterrule'],
    component: RuleForm,
  },
  {
    view: 'console',
    path: `${CMD_FILTER_RULES_PATH}/:id/update`,
    title: 'cmdFilter.ruleUpdate',
    hidden: true,
    noCache: true,
    permissions: ['assets.change_commandfilterrule'],
    component: RuleForm,
  },
];
