/**
 * The gram summary of a block of rows (docs/data-layer.md#gram-blocks): a 4,096-bit Bloom filter of every
 * character and every pair of adjacent characters of the block's texts, case-folded. A substring of a
 * text has all its pairs (a one-character term: its character) in the text's summary, so a block whose
 * summary lacks one of a term's bits holds no row containing the term. A bit set by another gram only
 * costs reading a block in vain, never a missed row.
 */

export const SUMMARY_BYTES = 512;
const MASK = SUMMARY_BYTES * 8 - 1;

/**
 * One code point folded as both backends' case-insensitive LIKE folds it, or to a superset of it: ASCII
 * letters lowered (SQLite's LIKE folds only those), others by their first lower-case code point
 * (PostgreSQL's ILIKE lowers per character: `İ` is `i`).
 */
function fold(code: number): number {
  if (code < 128) return code >= 65 && code <= 90 ? code + 32 : code;
  return String.fromCodePoint(code).toLowerCase().codePointAt(0) ?? code;
}

/** Two bit positions of a gram (`second` -1 for a single character), from one 32-bit mix. */
function setGram(bits: Uint8Array, first: number, second: number): void {
  let h = Math.imul(first ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(second + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x27d4eb2d);
  h ^= h >>> 13;
  const a = h & MASK;
  const b = (h >>> 12) & MASK;
  bits[a >>> 3] = (bits[a >>> 3] as number) | (1 << (a & 7));
  bits[b >>> 3] = (bits[b >>> 3] as number) | (1 << (b & 7));
}

function codes(text: string): number[] {
  const out: number[] = [];
  for (const char of text) out.push(fold(char.codePointAt(0) as number));
  return out;
}

/** Adds a row's text to a block summary: every character and every adjacent pair. */
export function addText(bits: Uint8Array, text: string): void {
  const folded = codes(text);
  for (let i = 0; i < folded.length; i += 1) {
    setGram(bits, folded[i] as number, -1);
    if (i + 1 < folded.length) setGram(bits, folded[i] as number, folded[i + 1] as number);
  }
}

/**
 * The bits a block must hold to contain `term`: its adjacent pairs (its character when it has one); null
 * for an empty term, which every row contains.
 */
export function termBits(term: string): Uint8Array | null {
  const folded = codes(term);
  if (folded.length === 0) return null;
  const bits = new Uint8Array(SUMMARY_BYTES);
  if (folded.length === 1) setGram(bits, folded[0] as number, -1);
  for (let i = 0; i + 1 < folded.length; i += 1) setGram(bits, folded[i] as number, folded[i + 1] as number);
  return bits;
}

/** The non-zero bytes of a term's bits, as [index, mask] pairs: what `holdsBytes` tests. */
export function wantedBytes(wanted: Uint8Array): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  wanted.forEach((mask, index) => {
    if (mask !== 0) out.push([index, mask]);
  });
  return out;
}

/** Whether `summary` holds every bit of the term (`wantedBytes`). */
export function holdsBytes(summary: Uint8Array, wanted: ReadonlyArray<readonly [number, number]>): boolean {
  for (const [index, mask] of wanted) if (((summary[index] as number) & mask) !== mask) return false;
  return true;
}

/** `into |= from`. */
export function merge(into: Uint8Array, from: Uint8Array): void {
  for (let i = 0; i < SUMMARY_BYTES; i += 1) into[i] = (into[i] as number) | (from[i] as number);
}

/** The stored form (base64 text: the same column type on both backends). */
export const encodeSummary = (bits: Uint8Array): string => Buffer.from(bits).toString('base64');

export function decodeSummary(text: unknown): Uint8Array {
  const bits = new Uint8Array(SUMMARY_BYTES);
  if (typeof text === 'string') bits.set(Buffer.from(text, 'base64').subarray(0, SUMMARY_BYTES));
  return bits;
}
