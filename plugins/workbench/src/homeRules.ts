// What the home page decides from the public settings (pure, so the page stays declarative).
import type { PublicSettingValues } from '@bastion/sdk';

export interface Announcement {
  id: string;
  subject: string;
  content: string;
  /** Only http(s) or same-site links; anything else (javascript:, data:) is dropped. */
  link: string | null;
}

function field(source: Record<string, unknown>, name: string): string {
  const value = source[name] ?? source[name.toUpperCase()];
  return typeof value === 'string' ? value.trim() : '';
}

export function safeLink(value: string): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The announcement of the public settings (docs/resources.md#the-workbench), when it is switched on and says
 * something. Keys are read in either case (`subject` or `SUBJECT`); the texts are shown as text, never as
 * HTML.
 */
export function announcementOf(values: PublicSettingValues | null | undefined): Announcement | null {
  if (!values || values.ANNOUNCEMENT_ENABLED !== true) return null;
  const raw = values.ANNOUNCEMENT;
  if (!raw || typeof raw !== 'object') return null;
  const source = raw as Record<string, unknown>;
  const subject = field(source, 'subject');
  const content = field(source, 'content');
  if (!subject && !content) return null;
  return { id: field(source, 'id'), subject, content, link: safeLink(field(source, 'link')) };
}
