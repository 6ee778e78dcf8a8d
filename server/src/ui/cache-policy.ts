import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * A content hash in the file name (`index-3F2AB7XQ.js`): a dash, 8+ letters/digits, a dot. The run must
 * hold an upper-case letter or a digit, so plain words such as `import-map-overrides.js` are not mistaken
 * for hashes and cached forever.
 */
const HASHED_NAME = /-(?=[A-Za-z0-9]*[A-Z0-9])[A-Za-z0-9]{8,}\./;

/** Hashed files never change and are cached for a year; everything else is revalidated by ETag. */
export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (name.endsWith('.html') || name.endsWith('.json')) return REVALIDATE;
  return HASHED_NAME.test(name) ? IMMUTABLE : REVALIDATE;
}
