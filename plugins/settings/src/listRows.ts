/** A list answer of the API: paged (`{results}`, with `limit`) or a bare array. */
export type Page<T> = { results: T[] } | T[];

export const rowsOf = <T>(page: Page<T>): T[] => (Array.isArray(page) ? page : page.results);
