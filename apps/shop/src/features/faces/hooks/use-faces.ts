import { useEffect, useState } from 'react';
import { useQuery } from '../../../lib/api/use-query.ts';
import { faceListQuery } from '../api/faces-api.ts';

/** The shopper's photos and the one in use: the newest by default, and never one that is gone. */
export function useFaces() {
  const faces = useQuery(faceListQuery, null);
  const items = faces.data?.items ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen && items.some((f) => f.fuid === chosen) ? chosen : (items[0]?.fuid ?? null);
  useEffect(() => {
    if (chosen && faces.data && !faces.data.items.some((f) => f.fuid === chosen)) setChosen(null);
  }, [chosen, faces.data]);
  const face = items.find((f) => f.fuid === selected) ?? null;
  return { faces: items, loading: faces.isLoading, selected, face, select: setChosen };
}
