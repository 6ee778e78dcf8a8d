import { ResponseError } from '../http/api-error';
import type { FieldErrors, Language, WriteBatch } from './declaration';
import { message } from './messages';

/**
 * Bounds of one write request (docs/security.md "Requests, tickets and data"): a bulk create, update or
 * delete carries at most MAX_BULK_ITEMS items, and JSON bodies at most JSON_BODY_LIMIT bytes. Both are far
 * above what the console sends (a page of selected rows, one import row at a time) and keep the worst
 * request a client can make to a few seconds of work that other requests interleave with.
 */
export const MAX_BULK_ITEMS = 1000;
export const JSON_BODY_LIMIT = 1024 * 1024;

/** 400 for a bulk request with more items than allowed (nothing of it was written). */
export function assertBulkSize(count: number, language: Language): void {
  if (count > MAX_BULK_ITEMS)
    throw new ResponseError(400, {
      detail: message('bulkTooLarge', language, { n: MAX_BULK_ITEMS, count }),
      code: 'bulk_too_large',
    });
}

/** The per-request state hooks share (see WriteBatch), plus the unique values claimed by its items. */
export class Batch implements WriteBatch {
  private readonly values = new Map<string, unknown>();
  private readonly finishing = new Map<string, () => void>();

  memo<T>(key: string, compute: () => T): T {
    if (!this.values.has(key)) this.values.set(key, compute());
    return this.values.get(key) as T;
  }

  atCommit(key: string, write: () => void): void {
    this.finishing.set(key, write);
  }

  /** The `atCommit` writes, in the order first registered (called inside the write transaction). */
  commit(): void {
    for (const write of this.finishing.values()) write();
    this.finishing.clear();
  }

  /** Unique values taken by earlier items of the batch: `field` → value key → the item (row id or position). */
  private claims(field: string): Map<string, string> {
    return this.memo(`engine:unique:${field}`, () => new Map<string, string>());
  }

  /** Whether another item of this batch already holds `value` for a unique field (same scope key). */
  claimedByOther(field: string, scope: string, value: unknown, claimant: string): boolean {
    const holder = this.claims(field).get(`${scope}\u0000${String(value)}`);
    return holder !== undefined && holder !== claimant;
  }

  claim(field: string, scope: string, value: unknown, claimant: string): void {
    this.claims(field).set(`${scope}\u0000${String(value)}`, claimant);
  }
}

/** Throws the 400 of a refused write: per-position errors for a list, the one item's errors otherwise. */
export function throwItemErrors(errors: ReadonlyArray<FieldErrors | null>, asList: boolean): void {
  if (!errors.some((item) => item !== null && Object.keys(item).length > 0)) return;
  if (!asList) throw new ResponseError(400, errors[0]);
  throw new ResponseError(
    400,
    errors.map((item) => item ?? {}),
  );
}
