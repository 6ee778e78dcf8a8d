import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type QueryParams } from '@bastion/sdk';

export const USERS_URL = '/api/v1/users/users/';
const PAGE_SIZE_KEY = 'bastion.pageSize';

export interface ListState {
  first: number;
  rows: number;
  sortField?: string | null;
  /** 1 ascending, -1 descending, 0/null unsorted (PrimeReact's convention). */
  sortOrder?: number | null;
  search: string;
}

/** limit/offset paging, `order` with a leading `-` for descending, `search` when not blank (spec §7). */
export function buildListParams(state: ListState): QueryParams {
  const params: QueryParams = { limit: state.rows, offset: state.first };
  if (state.sortField && state.sortOrder)
    params.order = `${state.sortOrder < 0 ? '-' : ''}${state.sortField}`;
  const search = state.search.trim();
  if (search) params.search = search;
  return params;
}

/** The page size is kept globally (spec §9); only the offered sizes are accepted. */
export function storedPageSize(storage: Pick<Storage, 'getItem'> | undefined): number {
  const value = Number(storage?.getItem(PAGE_SIZE_KEY));
  return PAGE_SIZES.includes(value) ? value : DEFAULT_PAGE_SIZE;
}

export function storePageSize(storage: Pick<Storage, 'setItem'> | undefined, size: number): void {
  try {
    storage?.setItem(PAGE_SIZE_KEY, String(size));
  } catch {
    // Storage full or disabled: the choice just is not remembered.
  }
}
