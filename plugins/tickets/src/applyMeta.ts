// What a ticket applies for (its `meta`, docs/tickets.md#opening): the fields each type shows, the actions a
// request asks for by default, and how a meta value reads as text.
import type { TranslateFn } from '@bastion/sdk';

/** What a new request asks for by default: connecting, and file transfer both ways. */
export const DEFAULT_ACTIONS: readonly string[] = ['connect', 'upload_file', 'download_file', 'updownload'];

/** Any meta value as plain text: lists joined, objects as JSON, nothing as an empty string. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('label' in o) return String(o.label);
    if ('display_name' in o) return String(o.display_name);
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * The meta fields shown in "apply info" for a ticket type, in order; unknown types show every meta key
 * (display values preferred over the raw ids they describe).
 */
export function applyFields(type: unknown, meta: Record<string, unknown>): string[] {
  switch (type) {
    case 'apply_asset':
      return [
        'apply_permission_name',
        'apply_nodes',
        'apply_assets',
        'apply_system_users',
        'apply_actions',
        'apply_date_start',
        'apply_date_expired',
      ];
    case 'apply_application':
      return [
        'apply_permission_name',
        'apply_category',
        'apply_type',
        'apply_applications',
        'apply_system_users',
        'apply_date_start',
        'apply_date_expired',
      ];
    case 'login_confirm':
      return ['apply_login_ip', 'apply_login_city', 'apply_login_datetime'];
    case 'login_asset_confirm':
      return ['apply_login_user', 'apply_login_asset', 'apply_login_system_user'];
    case 'command_confirm':
      return [
        'apply_run_user',
        'apply_run_asset',
        'apply_run_system_user',
        'apply_run_command',
        'apply_from_session_id',
        'apply_from_cmd_filter_rule_id',
        'apply_from_cmd_filter_id',
      ];
    default:
      return Object.keys(meta).filter((k) => !(k.endsWith('_display') && k.slice(0, -8) in meta));
  }
}

/** A meta field's shown value: its `_display` twin when the server gave one, else the value itself. */
export function metaValue(meta: Record<string, unknown>, field: string): unknown {
  const display = meta[`${field}_display`];
  if (display !== undefined && display !== null && !(Array.isArray(display) && display.length === 0)) {
    return display;
  }
  return meta[field];
}

const DATE_META = /(^|_)date(_|$)|datetime/;
const ZONELESS = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/;

/** One apply-info value as text: actions translated, dates formatted, lists joined. */
export function metaText(
  field: string,
  meta: Record<string, unknown>,
  t: TranslateFn,
  date: (v: unknown) => string,
): string {
  if (field === 'apply_actions' && Array.isArray(meta.apply_actions)) {
    return meta.apply_actions.map((a) => t(`action.${String(a)}`, { defaultValue: String(a) })).join(', ');
  }
  const value = metaValue(meta, field);
  // Meta dates are zone-less `YYYY-MM-DD HH:MM:SS` text (docs/tickets.md#opening), which this server writes
  // in UTC.
  if (DATE_META.test(field) && typeof value === 'string')
    return date(ZONELESS.test(value) ? `${value.replace(' ', 'T')}Z` : value);
  return plainText(value);
}
