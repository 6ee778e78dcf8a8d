import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Splits the URL path after a prefix into decoded segments, refusing anything that could leave the
 * folder: `.`/`..` (also when percent-encoded), empty segments, encoded slashes or backslashes, NUL.
 * Returns null for such paths.
 */
export function decodeSegments(rest: string): string[] | null {
  if (rest === '') return [];
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

/**
 * The real path of `segments` under `root`, only when it is an existing regular file that (after
 * symlinks) is still inside root. Otherwise null.
 */
export async function resolveFileInside(root: string, segments: readonly string[]): Promise<string | null> {
  try {
    const realRoot = await fs.realpath(root);
    const real = await fs.realpath(path.join(realRoot, ...segments));
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.stat(real);
    return stat.isFile() ? real : null;
  } catch {
    return null;
  }
}
