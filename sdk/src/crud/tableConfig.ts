import { validPageSize } from './query';

/** localStorage key shared with the reference console (docs/crud.md#columns). */
export const TABLE_CONFIG_KEY = 'tableConfig';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

interface StoredConfig {
  paginationSize?: number;
  [table: string]: { showColumns?: string[] } | number | undefined;
}

function storage(given?: StorageLike | null): StorageLike | null {
  if (given !== undefined) return given;
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(s: StorageLike | null): StoredConfig {
  try {
    const parsed: unknown = JSON.parse(s?.getItem(TABLE_CONFIG_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StoredConfig) : {};
  } catch {
    return {};
  }
}

function write(s: StorageLike | null, config: StoredConfig): void {
  try {
    s?.setItem(TABLE_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Storage full or disabled: the choice is simply not remembered.
  }
}

/** The table's storage key: its `name`, else "<route path>_<URL path>" (query dropped). */
export function tableKey(input: { name?: string; routePath?: string; url: string }): string {
  if (input.name) return input.name;
  const urlPath = input.url.split('?', 1)[0]!;
  return `${input.routePath ?? ''}_${urlPath}`;
}

export function loadShownColumns(key: string, given?: StorageLike | null): string[] | null {
  const entry = read(storage(given))[key];
  if (!entry || typeof entry !== 'object' || !Array.isArray(entry.showColumns)) return null;
  return entry.showColumns.filter((c): c is string => typeof c === 'string');
}

export function saveShownColumns(key: string, columns: readonly string[], given?: StorageLike | null): void {
  const s = storage(given);
  const config = read(s);
  const entry = config[key];
  config[key] = { ...(entry && typeof entry === 'object' ? entry : {}), showColumns: [...columns] };
  write(s, config);
}

/** The page size is kept globally for every table (docs/limits.md). */
export function loadPageSize(given?: StorageLike | null): number {
  return validPageSize(read(storage(given)).paginationSize);
}

export function savePageSize(size: number, given?: StorageLike | null): void {
  const s = storage(given);
  const config = read(s);
  config.paginationSize = validPageSize(size);
  write(s, config);
}
