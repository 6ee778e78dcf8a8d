const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for an HTML text node or a quoted attribute. Every user-controlled value the server puts
 * into HTML (ticket body, action comments, site messages) goes through it: v2.21 did not, which was the
 * ticket HTML injection (docs/security-history.md, entry 4).
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
