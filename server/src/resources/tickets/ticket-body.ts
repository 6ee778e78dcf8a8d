import type { Language, StoredRow } from '../../engine/declaration';
import { escapeHtml } from './escape-html';
import { ticketMessage, type TicketMessage } from './messages';
import { STATUS_CHOICES, TYPE_CHOICES, choiceLabel } from './ticket-choices';

/**
 * The ticket `body` (docs/tickets.md#approval): a server-built HTML fragment in the shape of v2.21's
 * BaseHandler (basic info, then what was applied for), built in the reader's language. Every value that comes
 * from a user — title, names, hostnames, node paths, dates typed in — is escaped (docs/security-history.md,
 * entry 4).
 */

type Line = readonly [TicketMessage, unknown];

const block = (title: string, inner: string): string =>
  `${escapeHtml(title)}:<div style="margin-left: 20px;">${inner}</div>`;

const text = (value: unknown): string =>
  Array.isArray(value) ? value.map((item) => String(item)).join(', ') : String(value ?? '');

const lines = (items: readonly Line[], language: Language): string =>
  items
    .map(([label, value]) => `${escapeHtml(ticketMessage(label, language))}: ${escapeHtml(text(value))}`)
    .join('<br>');

function appliedLines(row: StoredRow): Line[] | null {
  const meta = row.meta !== null && typeof row.meta === 'object' ? (row.meta as Record<string, unknown>) : {};
  if (row.type !== 'apply_asset') return null;
  return [
    ['appliedPermissionName', meta.apply_permission_name],
    ['appliedNodes', meta.apply_nodes_display],
    ['appliedAssets', meta.apply_assets_display],
    ['appliedSystemUsers', meta.apply_system_users_display],
    ['appliedActions', meta.apply_actions_display],
    ['appliedDateStart', meta.apply_date_start],
    ['appliedDateExpired', meta.apply_date_expired],
  ];
}

export function ticketBody(row: StoredRow, language: Language): string {
  const basic = lines(
    [
      ['ticketTitle', row.title],
      ['ticketType', choiceLabel(TYPE_CHOICES, row.type, language)],
      ['ticketStatus', choiceLabel(STATUS_CHOICES, row.status, language)],
      ['ticketApplicant', row.applicant_display],
    ],
    language,
  );
  const applied = appliedLines(row);
  const appliedHtml = applied ? lines(applied, language) : escapeHtml(ticketMessage('noContent', language));
  return (
    block(ticketMessage('basicInfo', language), basic) +
    block(ticketMessage('appliedInfo', language), appliedHtml)
  );
}
