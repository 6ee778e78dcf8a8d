import { describe, expect, it } from 'vitest';
import { ROOT_ORG_ID, rowsOf } from '@bastion/sdk';
import { applyFields, metaText, metaValue, plainText } from '../../plugins/tickets/src/applyMeta';
import { levelOf, normalizeRules, rulesBody } from '../../plugins/tickets/src/flowRules';
import { idOf } from '../../plugins/tickets/src/idOf';
import { assetLabel, nodeLabel, userLabel } from '../../plugins/tickets/src/optionLabels';
import { TYPED_SEGMENTS, typedDetailPath } from '../../plugins/tickets/src/paths';
import {
  approvalStep,
  canClose,
  canProcess,
  currentStep,
  isOpen,
  stateSeverity,
  statusSeverity,
  stepSeverity,
  type Ticket,
} from '../../plugins/tickets/src/ticketRules';

const APPLICANT = 'u-applicant';
const FIRST = 'u-first';
const SECOND = 'u-second';

/** A two-level ticket waiting at `step`; `over` changes anything else. */
function ticket(step: number, over: Partial<Ticket> = {}): Ticket {
  return {
    id: 't1',
    type: 'apply_asset',
    state: 'open',
    status: 'open',
    approval_step: step,
    applicant: APPLICANT,
    process_map: [
      { approval_level: 1, state: step > 1 ? 'approved' : 'notified', assignees: [FIRST] },
      { approval_level: 2, state: 'notified', assignees: [SECOND] },
    ],
    ...over,
  };
}

describe('where a ticket stands', () => {
  it('reads the approval step bare or as a choice, 1 when unknown', () => {
    expect(approvalStep(ticket(2))).toBe(2);
    expect(approvalStep(ticket(1, { approval_step: { value: 2 } }))).toBe(2);
    expect(approvalStep(ticket(1, { approval_step: undefined }))).toBe(1);
    expect(approvalStep(ticket(1, { approval_step: 0 }))).toBe(1);
  });

  it('is open by status, or by state when the answer has no status', () => {
    expect(isOpen(ticket(1))).toBe(true);
    expect(isOpen(ticket(1, { status: 'closed', state: 'approved' }))).toBe(false);
    expect(isOpen(ticket(1, { status: undefined, state: 'open' }))).toBe(true);
    expect(isOpen(ticket(1, { status: undefined, state: 'rejected' }))).toBe(false);
  });

  it('waits on the step of its approval level, none once closed', () => {
    expect(currentStep(ticket(1))?.approval_level).toBe(1);
    expect(currentStep(ticket(2))?.approval_level).toBe(2);
    expect(currentStep(ticket(2, { status: 'closed', state: 'approved' }))).toBeNull();
    expect(currentStep(ticket(3))).toBeNull();
  });
});

describe('who may accept / reject', () => {
  it('is an assignee of the current step only', () => {
    expect(canProcess(ticket(1), FIRST)).toBe(true);
    expect(canProcess(ticket(1), SECOND)).toBe(false);
    expect(canProcess(ticket(2), FIRST)).toBe(false);
    expect(canProcess(ticket(2), SECOND)).toBe(true);
    expect(canProcess(ticket(1), APPLICANT)).toBe(false);
  });

  it('only while the ticket is open', () => {
    for (const state of ['approved', 'rejected', 'closed']) {
      expect(canProcess(ticket(1, { status: 'closed', state }), FIRST)).toBe(false);
    }
  });

  it('never without a user or without assignees', () => {
    expect(canProcess(ticket(1), null)).toBe(false);
    expect(canProcess(ticket(1), undefined)).toBe(false);
    expect(canProcess(ticket(1), '')).toBe(false);
    expect(canProcess(ticket(1, { process_map: [{ approval_level: 1, state: 'notified' }] }), FIRST)).toBe(
      false,
    );
  });
});

describe('who may close', () => {
  it('is the applicant only, given bare or as an object', () => {
    expect(canClose(ticket(1), APPLICANT)).toBe(true);
    expect(canClose(ticket(1, { applicant: { id: APPLICANT } }), APPLICANT)).toBe(true);
    expect(canClose(ticket(1), FIRST)).toBe(false);
    expect(canClose(ticket(1, { applicant: null }), APPLICANT)).toBe(false);
    expect(canClose(ticket(1), null)).toBe(false);
  });

  it('only while the ticket is open', () => {
    expect(canClose(ticket(1, { status: 'closed', state: 'closed' }), APPLICANT)).toBe(false);
    expect(canClose(ticket(1, { status: undefined, state: 'open' }), APPLICANT)).toBe(true);
  });
});

describe('typed detail paths', () => {
  it('sends each typed ticket to its own route', () => {
    expect(typedDetailPath('apply_asset', 'a1')).toBe('/tickets/request-asset-perm/a1');
    expect(typedDetailPath('apply_application', 'a1')).toBe('/tickets/request-application-perm/a1');
    expect(typedDetailPath('login_asset_confirm', 'a1')).toBe('/tickets/login-asset-confirm/a1');
    expect(typedDetailPath('login_confirm', 'a1')).toBe('/tickets/login-confirm/a1');
    expect(typedDetailPath('command_confirm', 'a1')).toBe('/tickets/command-confirm/a1');
    expect(Object.keys(TYPED_SEGMENTS)).toHaveLength(5);
  });

  it('shows the other types on the generic route, ids encoded', () => {
    expect(typedDetailPath('general', 'a1')).toBe('/tickets/a1');
    expect(typedDetailPath(undefined, 'a1')).toBe('/tickets/a1');
    expect(typedDetailPath('apply_asset', 'a/b c')).toBe('/tickets/request-asset-perm/a%2Fb%20c');
    expect(typedDetailPath('general', 'a/b')).toBe('/tickets/a%2Fb');
  });
});

describe('flow rules', () => {
  it('reads the level bare or as a choice; anything but 2 is 1', () => {
    expect(levelOf(2)).toBe(2);
    expect(levelOf('2')).toBe(2);
    expect(levelOf({ value: 2 })).toBe(2);
    expect(levelOf(1)).toBe(1);
    expect(levelOf(3)).toBe(1);
    expect(levelOf(undefined)).toBe(1);
  });

  it('normalises one level, defaulting to super_admin', () => {
    expect(normalizeRules(undefined, 1)).toEqual([{ strategy: 'super_admin', assignees: [] }]);
    expect(normalizeRules([], 0)).toEqual([{ strategy: 'super_admin', assignees: [] }]);
    expect(normalizeRules([{ strategy: { value: 'org_admin', label: 'Org admin' } }], 1)).toEqual([
      { strategy: 'org_admin', assignees: [] },
    ]);
  });

  it('normalises two levels, custom users from assignees or assignees_read_only', () => {
    const server = [
      { strategy: 'custom_user', assignees_read_only: [{ id: 'u1', name: 'A' }, 'u2'] },
      { strategy: { value: 'custom_user' }, assignees: ['u3', null, ''] },
    ];
    expect(normalizeRules(server, 2)).toEqual([
      { strategy: 'custom_user', assignees: ['u1', 'u2'] },
      { strategy: 'custom_user', assignees: ['u3'] },
    ]);
    // A second level the server has no rule for yet.
    expect(normalizeRules([{ strategy: 'org_admin' }], 2)).toEqual([
      { strategy: 'org_admin', assignees: [] },
      { strategy: 'super_admin', assignees: [] },
    ]);
    // Extra rules beyond the level are dropped.
    expect(normalizeRules([{ strategy: 'org_admin' }, { strategy: 'custom_user' }], 1)).toHaveLength(1);
  });

  it('sends one rule per level, assignees only with custom_user', () => {
    const form = [
      { strategy: 'org_admin', assignees: ['u1'] },
      { strategy: 'custom_user', assignees: ['u2', 'u3'] },
    ];
    expect(rulesBody(form, 1)).toEqual([{ strategy: 'org_admin', assignees: [] }]);
    expect(rulesBody(form, 2)).toEqual([
      { strategy: 'org_admin', assignees: [] },
      { strategy: 'custom_user', assignees: ['u2', 'u3'] },
    ]);
    expect(rulesBody([{ strategy: 'custom_user', assignees: [{ id: 'u9' }] }], 1)).toEqual([
      { strategy: 'custom_user', assignees: ['u9'] },
    ]);
  });
});

describe('severities', () => {
  it('colours ticket states', () => {
    expect(stateSeverity('open')).toBe('info');
    expect(stateSeverity('approved')).toBe('success');
    expect(stateSeverity('rejected')).toBe('danger');
    expect(stateSeverity('closed')).toBe('neutral');
    expect(stateSeverity(undefined)).toBe('neutral');
  });

  it('colours statuses', () => {
    expect(statusSeverity('open')).toBe('warning');
    expect(statusSeverity('closed')).toBe('neutral');
  });

  it('colours the steps of the detail page', () => {
    expect(stepSeverity('approved')).toBe('success');
    expect(stepSeverity('rejected')).toBe('danger');
    expect(stepSeverity('pending')).toBe('warning');
    expect(stepSeverity('submitted')).toBe('info');
    expect(stepSeverity('waiting')).toBe('neutral');
    expect(stepSeverity('closed')).toBe('neutral');
  });
});

describe('apply meta', () => {
  it('lists the fields of each type, and every meta key of an unknown one without _display twins', () => {
    expect(applyFields('login_confirm', {})).toEqual([
      'apply_login_ip',
      'apply_login_city',
      'apply_login_datetime',
    ]);
    expect(applyFields('apply_asset', {})).toContain('apply_actions');
    expect(applyFields('general', { a: 1, a_display: 'A', b_display: 'B' })).toEqual(['a', 'b_display']);
  });

  it('prefers a non-empty _display twin', () => {
    expect(metaValue({ apply_assets: ['x'], apply_assets_display: ['host-x'] }, 'apply_assets')).toEqual([
      'host-x',
    ]);
    expect(metaValue({ apply_assets: ['x'], apply_assets_display: [] }, 'apply_assets')).toEqual(['x']);
    expect(metaValue({ apply_assets: ['x'], apply_assets_display: null }, 'apply_assets')).toEqual(['x']);
  });

  it('reads values as plain text', () => {
    expect(plainText(null)).toBe('');
    expect(plainText(['a', null, { label: 'b' }, { display_name: 'c' }])).toBe('a, b, c');
    expect(plainText({ x: 1 })).toBe('{"x":1}');
    expect(plainText(3)).toBe('3');
  });

  it('translates actions and reads zone-less meta dates as UTC', () => {
    const t = ((key: string) => `T:${key}`) as Parameters<typeof metaText>[2];
    const date = (v: unknown) => `D:${String(v)}`;
    expect(metaText('apply_actions', { apply_actions: ['connect', 'upload_file'] }, t, date)).toBe(
      'T:action.connect, T:action.upload_file',
    );
    expect(metaText('apply_date_start', { apply_date_start: '2024-01-02 03:04:05' }, t, date)).toBe(
      'D:2024-01-02T03:04:05Z',
    );
    expect(
      metaText('apply_login_datetime', { apply_login_datetime: '2024-01-02T03:04:05+08:00' }, t, date),
    ).toBe('D:2024-01-02T03:04:05+08:00');
    expect(metaText('apply_login_ip', { apply_login_ip: '10.0.0.1' }, t, date)).toBe('10.0.0.1');
  });
});

describe('what the plugin takes from the SDK and its small helpers', () => {
  it("reads the comment list through the SDK's rowsOf, page or plain array", () => {
    expect(rowsOf([{ id: 'c1' }]).rows).toEqual([{ id: 'c1' }]);
    expect(rowsOf({ count: 1, next: null, previous: null, results: [{ id: 'c1' }] }).rows).toEqual([
      { id: 'c1' },
    ]);
  });

  it('offers flow assignees from the root organization', () => {
    expect(ROOT_ORG_ID).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('reads related ids and labels options', () => {
    expect(idOf({ id: 7 })).toBe('7');
    expect(idOf('u1')).toBe('u1');
    expect(idOf(undefined)).toBeNull();
    expect(userLabel({ name: 'Ann', username: 'ann' })).toBe('Ann(ann)');
    expect(assetLabel({ hostname: 'web', ip: '10.0.0.1' })).toBe('web(10.0.0.1)');
    expect(assetLabel({ name: 'db' })).toBe('db');
    expect(nodeLabel({ full_value: '/Default/Web', value: 'Web' })).toBe('/Default/Web');
  });
});
