import { crudRoutes } from '@bastion/sdk';
import { PLATFORMS_PATH, PLATFORMS_URL } from './common';

/** Platforms: a plain CRUD area; built-in platforms are refused by the server for update and delete. */
export const platformRoutes = crudRoutes({
  path: PLATFORMS_PATH,
  url: PLATFORMS_URL,
  titles: 'platform',
  permissions: { app: 'assets', resource: 'platform' },
  list: {
    testId: 'platforms-list',
    columns: ['name', 'base', 'charset', 'internal', 'comment', 'actions'],
    columnsShow: { default: ['name', 'base', 'charset', 'comment', 'actions'], min: ['name', 'actions'] },
    canRow: { update: (row) => row.internal !== true, delete: (row) => row.internal !== true },
  },
  form: { fields: [['platform.basic', ['name', 'base', 'charset', 'comment']]] },
  detail: { title: 'platform.detail', fields: ['id', 'name', 'base', 'charset', 'internal', 'comment'] },
});
