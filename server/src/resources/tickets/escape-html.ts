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
 * "ticket xss inject" finding (api.md §11).
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
