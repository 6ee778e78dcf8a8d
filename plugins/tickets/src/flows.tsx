import { Dropdown } from 'primereact/dropdown';
import {
  DetailPage,
  FormPage,
  InfoTab,
  ListPage,
  ROOT_ORG_ID,
  RelationSelect,
  useT,
  type CustomFieldProps,
  type DetailContext,
  type RelationConfig,
} from '@bastion/sdk';
import { FLOW_STRATEGIES, levelOf, normalizeRules, rulesBody } from './flowRules';
import { userLabel } from './optionLabels';
import { FLOWS_PATH, FLOWS_URL, USERS_URL } from './paths';

const PERMS = { app: 'tickets', resource: 'ticketflow' };

/** Assignees are users of the whole system (the root organization), searched as the user types. */
const USER_SELECT: RelationConfig = {
  url: USERS_URL,
  multiple: true,
  label: userLabel,
  params: { oid: ROOT_ORG_ID, fields_size: 'mini', order: 'name' },
};

/**
 * Flows (docs/tickets.md#in-the-console): one per ticket type; no deleting (405), creating only for system
 * admins.
 */
export function FlowListPage() {
  return (
    <ListPage
      url={FLOWS_URL}
      basePath={FLOWS_PATH}
      permissions={PERMS}
      testId="flows-list"
      columns={['type_display', 'created_by', 'org_name', 'date_created', 'date_updated', 'actions']}
      columnsMeta={{ type_display: { kind: 'link' } }}
      columnsShow={{ min: ['type_display', 'actions'] }}
      rights={{
        bulkDelete: false,
        bulkUpdate: false,
        import: false,
        rowDelete: false,
        rowClone: false,
      }}
      hasImport={false}
      hasExport={false}
      selectable={false}
      search={{ hidden: true }}
      rowName={(row) => String(row.type_display ?? row.type ?? row.id)}
    />
  );
}

/** The rules of each approval level: an assignee strategy, and the users when it is "custom users". */
function RulesField({ value, onChange, values, disabled, invalid, id }: CustomFieldProps) {
  const t = useT();
  const level = levelOf(values.approval_level);
  const rules = normalizeRules(value, level);
  const set = (index: number, change: Partial<{ strategy: string; assignees: string[] }>) =>
    onChange(rules.map((r, i) => (i === index ? { ...r, ...change } : r)));
  return (
    <div className="flex flex-column gap-3" id={id} data-testid="field-rules">
      {rules.map((rule, index) => (
        <div
          key={index}
          className="flex flex-column gap-2 p-2 border-1 surface-border border-round"
          data-testid={`rule-${index + 1}`}
        >
          <span className="font-medium">{t('flow.levelRule', { level: index + 1 })}</span>
          <Dropdown
            value={rule.strategy}
            options={FLOW_STRATEGIES.map((s) => ({ value: s, label: t(`strategy.${s}`) }))}
            optionLabel="label"
            optionValue="value"
            disabled={disabled}
            invalid={invalid}
            onChange={(e) => set(index, { strategy: String(e.value) })}
            className="w-full"
            data-testid={`rule-${index + 1}-strategy`}
          />
          {rule.strategy === 'custom_user' ? (
            <RelationSelect
              config={USER_SELECT}
              value={rule.assignees}
              onChange={(v) => set(index, { assignees: Array.isArray(v) ? (v as string[]) : [] })}
              disabled={disabled}
              invalid={invalid && !rule.assignees.length}
              placeholder={t('flow.pickUsers')}
              testId={`rule-${index + 1}-assignees`}
            />
          ) : null}
        </div>
      ))}
    </div>
  );
}

export function FlowFormPage() {
  const t = useT();
  return (
    <FormPage
      url={FLOWS_URL}
      basePath={FLOWS_PATH}
      testId="flow-form"
      saveAndAdd={false}
      fields={[
        ['flow.basic', ['type']],
        ['flow.approval', ['approval_level', 'rules']],
      ]}
      updateFields={[
        ['flow.basic', ['type']],
        ['flow.approval', ['approval_level', 'rules']],
      ]}
      fieldsMeta={{
        type: { label: 'flow.type', widget: 'select', required: true },
        approval_level: {
          label: 'flow.approvalLevel',
          widget: 'radio',
          required: true,
          choices: [
            { value: 1, label: t('flow.level1') },
            { value: 2, label: t('flow.level2') },
          ],
          default: 1,
        },
        rules: {
          label: 'flow.rules',
          component: RulesField,
          validate: (value, values) =>
            normalizeRules(value, levelOf(values.approval_level)).some(
              (r) => r.strategy === 'custom_user' && !r.assignees.length,
            )
              ? 'flow.assigneesRequired'
              : null,
        },
      }}
      initial={{ approval_level: 1, rules: [{ strategy: 'super_admin', assignees: [] }] }}
      transform={(values) => {
        const level = levelOf(values.approval_level);
        return { ...values, approval_level: level, rules: rulesBody(values.rules, level) };
      }}
    />
  );
}

function RulesText({ c }: { c: DetailContext }) {
  const t = useT();
  const o = c.object;
  const level = levelOf(o.approval_level);
  const raw = Array.isArray(o.rules) ? (o.rules as Record<string, unknown>[]) : [];
  return (
    <ol className="m-0 pl-3" data-testid="flow-rules">
      {normalizeRules(raw, level).map((rule, i) => {
        const names = Array.isArray(raw[i]?.assignees_display)
          ? (raw[i]!.assignees_display as unknown[]).map(String).join(', ')
          : '';
        return (
          <li key={i}>
            {t('flow.levelRule', { level: i + 1 })}: {t(`strategy.${rule.strategy}`)}
            {names ? ` (${names})` : ''}
          </li>
        );
      })}
    </ol>
  );
}

export function FlowDetailPage() {
  return (
    <DetailPage
      url={FLOWS_URL}
      basePath={FLOWS_PATH}
      permissions={PERMS}
      title="flow.detailTitle"
      testId="flow-detail"
      getObjectName={(o) => String(o.type_display ?? o.type ?? '')}
      hasDelete={false}
      tabs={[
        {
          name: 'info',
          title: 'flow.info',
          render: (c) => (
            <InfoTab
              context={c}
              fields={[
                'type_display',
                'approval_level',
                'rules',
                'org_name',
                'created_by',
                'date_created',
                'date_updated',
              ]}
              formatters={{ rules: () => <RulesText c={c} /> }}
            />
          ),
        },
      ]}
    />
  );
}
