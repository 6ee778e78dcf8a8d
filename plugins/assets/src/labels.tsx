import { crudRoutes, m2mCard } from '@bastion/sdk';
import { ASSET_SELECT, LABELS_PATH, LABELS_URL } from './common';

/** Labels: name:value pairs attached to assets; the detail lists and edits the labelled assets. */
export const labelRoutes = crudRoutes({
  path: LABELS_PATH,
  url: LABELS_URL,
  titles: 'label',
  permissions: { app: 'assets', resource: 'label' },
  list: {
    testId: 'labels-list',
    columns: [
      'name',
      'value',
      'asset_count',
      'category',
      'is_active',
      'date_created',
      'comment',
      'org_name',
      'actions',
    ],
    columnsShow: {
      default: ['name', 'value', 'asset_count', 'is_active', 'comment', 'actions'],
      min: ['name', 'actions'],
    },
  },
  form: {
    fields: [['label.basic', ['name', 'value', 'assets', 'is_active', 'comment']]],
    fieldsMeta: { assets: { relation: ASSET_SELECT } },
  },
  detail: {
    title: 'label.detail',
    fields: ['id', 'name', 'value', 'asset_count', 'category', 'is_active', 'date_created', 'comment'],
    aside: m2mCard({
      field: 'assets',
      title: 'label.assets',
      select: ASSET_SELECT,
      permission: 'assets.change_label',
    }),
  },
});
