import { createElement } from 'react';
import { InfoTab, crudRoutes } from '@bastion/sdk';
import { OrgMembersTab } from './OrgMembersTab';

export const ORGS_PATH = '/settings/orgs';

/**
 * Organizations (docs/organizations.md, licence): list, create, update and a detail with the resource
 * statistics and its members. Deleting one that still holds resources is refused by the server with its reason.
 */
export const orgRoutes = crudRoutes({
  path: ORGS_PATH,
  url: '/api/v1/orgs/orgs/',
  view: 'settings',
  titles: 'org',
  licenseRequired: true,
  permissions: { app: 'orgs', resource: 'organization' },
  list: {
    testId: 'orgs-list',
    columns: ['name', 'is_default', 'created_by', 'date_created', 'comment', 'actions'],
    columnsShow: { min: ['name', 'actions'] },
  },
  form: { fields: [['org.basic', ['name', 'comment']]] },
  detail: {
    title: 'org.detail',
    tabs: [
      {
        name: 'info',
        title: 'org.tab.info',
        render: (c) =>
          createElement(InfoTab, {
            context: c,
            fields: [
              'id',
              'name',
              'resource_statistics',
              'is_default',
              'created_by',
              'date_created',
              'comment',
            ],
          }),
      },
      {
        name: 'members',
        title: 'org.tab.members',
        render: (c) => createElement(OrgMembersTab, { context: c }),
      },
    ],
  },
});
