import { useCallback, useEffect, useState } from 'react';
import { Http, useService } from '@bastion/sdk';
import { FAVORITES_URL } from './paths';

interface Favorite {
  id: string;
  asset: string;
}

/** The signed-in user's favourite assets (docs/favorites.md): which assets are starred, and a toggle. */
export function useFavorites(): {
  isFavorite: (assetId: string) => boolean;
  toggle: (assetId: string) => Promise<void>;
} {
  const http = useService(Http);
  // asset id → favourite id (the row a DELETE names)
  const [byAsset, setByAsset] = useState<ReadonlyMap<string, string>>(new Map());
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    http
      .get<Favorite[]>(FAVORITES_URL)
      .then((rows) => {
        if (live) setByAsset(new Map((Array.isArray(rows) ? rows : []).map((row) => [row.asset, row.id])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [http, generation]);

  const toggle = useCallback(
    async (assetId: string) => {
      const existing = byAsset.get(assetId);
      if (existing) await http.delete(`${FAVORITES_URL}${encodeURIComponent(existing)}/`);
      else await http.post(FAVORITES_URL, { asset: assetId });
      setGeneration((g) => g + 1);
    },
    [http, byAsset],
  );

  return { isFavorite: (assetId) => byAsset.has(assetId), toggle };
}
