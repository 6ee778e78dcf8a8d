import type { FieldErrors, RequestContext, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { message, pythonType } from '../../engine/messages';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { assigneeIds, peopleOf } from './assignees';
import { ticketMessage } from './messages';
import {
  MAX_APPROVAL_LEVEL,
  STRATEGY_CHOICES,
  choiceLabel,
  isStrategy,
  type Strategy,
} from './ticket-choices';

/** One approval level of a flow as stored (the flow's `rule_set` column). */
export interface StoredRule {
  level: number;
  strategy: Strategy;
  /** Kept for `custom_user` only; the other strategies resolve their people when a ticket opens. */
  assignees: string[];
}

/** The `rules` items of docs/tickets.md#flows as the API returns them. */
export interface RuleOutput {
  level: number;
  strategy: Strategy;
  strategy_display: string;
  assignees_read_only: string[];
  assignees_display: string[];
}

const MAX_ASSIGNEES = 1000;

/** The stored rules of a flow row, tolerating a damaged column (no rules rather than a 500). */
export function storedRules(row: StoredRow | null | undefined): StoredRule[] {
  const raw = row?.rule_set;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown, index): StoredRule[] => {
    if (item === null || typeof item !== 'object') return [];
    const rule = item as Record<string, unknown>;
    if (!isStrategy(rule.strategy)) return [];
    const assignees = Array.isArray(rule.assignees) ? rule.assignees.map(String) : [];
    return [{ level: index + 1, strategy: rule.strategy, assignees }];
  });
}

/** The stored rules written back as API input (the org copy of a Root flow). */
export const rulesAsInput = (rules: readonly StoredRule[]): Array<Record<string, unknown>> =>
  rules.map((rule) => ({ strategy: rule.strategy, assignees: [...rule.assignees] }));

type RuleCheck = { rule: StoredRule | null; errors: FieldErrors };

async function checkRule(
  item: unknown,
  level: number,
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<RuleCheck> {
  const lang = ctx.language;
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    return {
      rule: null,
      errors: { non_field_errors: [message('invalidData', lang, { type: pythonType(item) })] },
    };
  const input = item as Record<string, unknown>;
  const errors: FieldErrors = {};
  const strategy = input.strategy;
  if (strategy === undefined || strategy === null || strategy === '')
    errors.strategy = [message('required', lang)];
  else if (!isStrategy(strategy))
    errors.strategy = [message('invalidChoice', lang, { value: String(strategy).slice(0, 100) })];
  let assignees: string[] = [];
  const raw = input.assignees;
  if (raw !== undefined && raw !== null) {
    if (!Array.isArray(raw)) errors.assignees = [message('notAList', lang, { type: pythonType(raw) })];
    else if (raw.length > MAX_ASSIGNEES)
      errors.assignees = [message('maxLength', lang, { n: MAX_ASSIGNEES })];
    else {
      const bad = raw.find((id) => typeof id !== 'string' || id.length > 64);
      if (bad !== undefined) errors.assignees = [message('pkType', lang, { type: pythonType(bad) })];
      else {
        assignees = [...new Set(raw as string[])];
        const known = new Set((await peopleOf(resources, ctx, assignees, false)).map((person) => person.id));
        const missing = assignees.find((id) => !known.has(id));
        if (missing !== undefined)
          errors.assignees = [message('pkMissing', lang, { value: missing.slice(0, 64) })];
      }
    }
  }
  if (strategy === 'custom_user' && !errors.assignees && assignees.length === 0)
    errors.assignees = [ticketMessage('assigneesRequired', lang)];
  if (Object.keys(errors).length > 0 || !isStrategy(strategy)) return { rule: null, errors };
  return {
    rule: { level, strategy, assignees: strategy === 'custom_user' ? assignees : [] },
    errors,
  };
}

/**
 * Validates `rules` input. Errors keep DRF's many=True shape so that a form can put each message under its
 * rule: `{"rules": [{}, {"assignees": ["Please select the Assignees"]}]}` (one object per rule, empty
 * for a valid one), or `{"rules": ["…"]}` when the list itself is wrong.
 */
export async function parseRules(
  raw: unknown,
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<{ rules: StoredRule[] } | { errors: string[] | FieldErrors[] }> {
  const lang = ctx.language;
  if (!Array.isArray(raw)) return { errors: [message('notAList', lang, { type: pythonType(raw) })] };
  if (raw.length === 0 || raw.length > MAX_APPROVAL_LEVEL)
    return { errors: [ticketMessage('rulesCount', lang)] };
  const checks: RuleCheck[] = [];
  for (const [index, item] of raw.entries()) checks.push(await checkRule(item, index + 1, ctx, resources));
  if (checks.some((check) => check.rule === null)) return { errors: checks.map((check) => check.errors) };
  return { rules: checks.map((check) => check.rule as StoredRule) };
}

/**
 * `rules` output of many flows. Assignees are resolved for the org of the request (a Root flow seen from
 * an org shows that org's admins, as v2.21 does), or of the flow itself when it belongs to an org.
 */
export async function rulesOutput(
  rows: readonly StoredRow[],
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<RuleOutput[][]> {
  const cache = new Map<string, string[]>();
  const displays = async (rule: StoredRule, orgId: string): Promise<string[]> => {
    const key = `${rule.strategy} ${orgId} ${rule.assignees.join(',')}`;
    let found = cache.get(key);
    if (!found) {
      const ids = await assigneeIds(resources, ctx, rule, orgId);
      found = (await peopleOf(resources, ctx, ids, false)).map((person) => person.display);
      cache.set(key, found);
    }
    return found;
  };
  const output: RuleOutput[][] = [];
  for (const row of rows) {
    const orgId = String(row.org_id ?? '') === ROOT_ORG_ID ? ctx.orgId : String(row.org_id);
    const rules: RuleOutput[] = [];
    for (const rule of storedRules(row))
      rules.push({
        level: rule.level,
        strategy: rule.strategy,
        strategy_display: choiceLabel(STRATEGY_CHOICES, rule.strategy, ctx.language),
        assignees_read_only: rule.strategy === 'custom_user' ? [...rule.assignees] : [],
        assignees_display: await displays(rule, orgId),
      });
    output.push(rules);
  }
  return output;
}
