/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell whose text begins with `=`, `+`, `-`, `@`,
 * a tab or a carriage return may be run as a formula by the spreadsheet that opens an export, and users
 * control exported text (a ticket title, a comment). Exports prefix such text with a single quote, which
 * spreadsheets show as text and never evaluate.
 *
 * The round trip through render-to-json stays lossless: a value that already begins with quotes followed
 * by one of those characters (`'=x`) gets one more quote too, so import can always remove exactly one
 * quote from a cell that is quotes followed by such a character — and only from such a cell. Numbers are
 * written as numbers and never touched (docs/security.md).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** The text as an export cell: quoted when a spreadsheet could read it as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** An imported cell back to the exported value: one quote removed where `neutraliseFormula` added it. */
export function restoreFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
