import { Suspense, lazy } from 'react';
import { crudRoutes, type CustomFieldProps } from '@bastion/sdk';
import { cleanRules, defaultRules, normalizeRules, validPeriod, WEEKDAYS } from './aclRules';
import { ACL_PATH, ACL_URL, USER_SELECT } from './common';

// The rules editor is its own chunk, fetched with the form rather than with the plugin entry.
const AclRulesField = lazy(() => import('./AclRulesField').then((m) => ({ default: m.AclRulesField })));
const RulesField = (props: CustomFieldProps) => (
  <Suspense fallback={null}>
    <AclRulesField {...props} />
  </Suspense>
);

const periods = (o: Record<string, unknown>) =>
  normalizeRules(o.rules)
    .time_period.filter((p) => WEEKDAYS.includes(p.id as (typeof WEEKDAYS)[number]))
    .map((p) => `${p.id}: ${p.value || '-'}`)
    .join('\n');

/** User login ACL rules (docs/auth.md#login-acls). */
export const aclRoutes = crudRoutes({
  path: ACL_PATH,
  url: ACL_URL,
  titles: 'acl',
  permissions: { app: 'acls', resource: 'loginacl' },
  requires: ['users.view_user'],
  list: {
    columns: ['name', 'reviewers', 'priority', 'user_display', 'action', 'is_active', 'comment', 'actions'],
    columnsMeta: {
      reviewers: { displayField: 'reviewers_amount', kind: 'text' },
      action: { displayField: 'action_display' },
    },
  },
  form: {
    fields: [
      ['acl.basic', ['name', 'priority']],
      ['acl.users', ['user']],
      ['acl.rules', ['rules']],
      ['acl.action', ['action', 'reviewers']],
      ['acl.other', ['is_active', 'comment']],
    ],
    fieldsMeta: {
      user: { relation: USER_SELECT },
      reviewers: {
        relation: { ...USER_SELECT, multiple: true },
        required: false,
        hidden: (v) => v.action !== 'confirm',
      },
      rules: {
        component: RulesField,
        validate: (v) =>
          normalizeRules(v).time_period.every((p) => validPeriod(p.value)) ? null : 'acl.periodInvalid',
      },
    },
    initial: (search) => ({ user: search.get('user') ?? undefined, rules: defaultRules(), reviewers: [] }),
    transform: (v) => ({ ...v, rules: cleanRules(normalizeRules(v.rules)), reviewers: v.reviewers ?? [] }),
  },
  detail: {
    title: 'acl.detail',
    fields: [
      'name',
      'user_display',
      'rules',
      'action',
      'priority',
      'date_created',
      'reviewers_display',
      'is_active',
      'comment',
    ],
    formatters: { rules: (o) => `${normalizeRules(o.rules).ip_group.join(', ')}\n${periods(o)}` },
  },
});
