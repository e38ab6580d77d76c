import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../app/http.ts';

/**
 * A paged list over a `{ List, Total }` endpoint: Page/Rows from the table, filters from the search form.
 * Changing the filters goes back to page 1; `reload` keeps the page.
 */
export function usePaged<R>(url: string, initial: Record<string, unknown> = {}) {
  const [filters, setFilters] = useState<Record<string, unknown>>(initial);
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: R[]; Total: number }>({ List: [], Total: 0 });
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    api
      .post<{ List: R[]; Total: number }>(url, { ...filters, ...page })
      .then((d) => {
        if (mine === seq.current) setData(d);
      })
      .catch(() => {})
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, [url, filters, page]);

  return {
    ...data,
    ...page,
    loading,
    filters,
    search: useCallback((f: Record<string, unknown>) => {
      setFilters(f);
      setPage((p) => ({ ...p, Page: 1 }));
    }, []),
    setPage: useCallback((Page: number, Rows: number) => setPage({ Page, Rows }), []),
    // A new page object (same values) refetches: reload keeps the page.
    reload: useCallback(() => setPage((p) => ({ ...p })), []),
  };
}
