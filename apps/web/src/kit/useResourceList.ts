import type { ListData } from '@shuyuan/contracts/common/envelope';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../app/http.ts';

/**
 * Loads a list endpoint with a body; reloads when the body changes (or on `reload()`, e.g. a new search with
 * unchanged conditions). A slow answer to an older body never overwrites a newer one (the user may page faster
 * than the server answers).
 */
export function useResourceList<R>(url: string, body: Record<string, unknown>) {
  const [data, setData] = useState<ListData<R>>({ List: [], Total: 0 });
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const key = JSON.stringify(body);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const d = await api.post<ListData<R> | R[]>(url, JSON.parse(key));
      if (mine !== seq.current) return;
      setData(Array.isArray(d) ? { List: d, Total: d.length } : { List: d?.List ?? [], Total: d?.Total ?? 0 });
    } catch {
      // The HTTP client already showed the message; keep the rows shown before.
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [url, key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, loading, reload };
}
