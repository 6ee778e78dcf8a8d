import { useCallback, useEffect, useState } from 'react';
import { Http, useService } from '@bastion/sdk';
import { FAVORITES_URL } from './paths';

interface Favorite {
  id: string;
  asset: string;
}

/** asset id → favourite id (the row a DELETE names) */
type Starred = ReadonlyMap<string, string>;

/**
 * The signed-in user's favourite assets (docs/favorites.md): which assets are starred, and a toggle that
 * resolves once the new state is known. `ready` turns true after the first load (failed or not): the table's
 * cells are drawn with the stars already known.
 */
export function useFavorites(): {
  ready: boolean;
  isFavorite: (assetId: string) => boolean;
  toggle: (assetId: string) => Promise<void>;
} {
  const http = useService(Http);
  const [starred, setStarred] = useState<Starred | null>(null);

  const fetchStarred = useCallback(
    async (): Promise<Starred> =>
      new Map(
        (await http.get<Favorite[]>(FAVORITES_URL).then((rows) => (Array.isArray(rows) ? rows : []))).map(
          (row) => [row.asset, row.id],
        ),
      ),
    [http],
  );

  useEffect(() => {
    let live = true;
    fetchStarred()
      .catch(() => new Map<string, string>())
      .then((found) => {
        if (live) setStarred(found);
      });
    return () => {
      live = false;
    };
  }, [fetchStarred]);

  const toggle = useCallback(
    async (assetId: string) => {
      const existing = starred?.get(assetId);
      if (existing) await http.delete(`${FAVORITES_URL}${encodeURIComponent(existing)}/`);
      else await http.post(FAVORITES_URL, { asset: assetId });
      setStarred(await fetchStarred());
    },
    [http, starred, fetchStarred],
  );

  return { ready: starred !== null, isFavorite: (assetId) => starred?.has(assetId) === true, toggle };
}
