import type { ListData } from '@shuyuan/contracts/common/envelope';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../app/http.ts';
import { useViewRestored } from '../app/layout/view-context.ts';

/** How long a list's last answer may be shown again while it reloads, and how many answers are kept. */
const LAST_ANSWER_MS = 5 * 60_000;
const LAST_ANSWERS = 50;
const lastAnswers = new Map<string, { at: number; data: ListData<unknown> }>();

function lastAnswer(key: string): ListData<any> | undefined {
  const hit = lastAnswers.get(key);
  return hit && Date.now() - hit.at < LAST_ANSWER_MS ? hit.data : undefined;
}

function remember(key: string, data: ListData<unknown>): void {
  lastAnswers.delete(key);
  lastAnswers.set(key, { at: Date.now(), data });
  for (const k of lastAnswers.keys()) {
    if (lastAnswers.size <= LAST_ANSWERS) break;
    lastAnswers.delete(k);
  }
}

/** The request a list sends from its first render, for the load its mount effect starts. */
interface EarlyRequest<R> {
  id: string;
  request?: Promise<ListData<R> | R[]>;
}

function earlyRequest<R>(url: string, key: string): EarlyRequest<R> {
  const request = api.post<ListData<R> | R[]>(url, JSON.parse(key));
  request.catch(() => {}); // handled by the first load; unhandled only if the page never mounts
  return { id: `${url}|${key}`, request };
}

/**
 * The early request, for the mount effect's load of the same list (never for `reload()` nor for another body). It
 * serves the loads started in the same task, then is dropped: in production that is the one load of the mount; in
 * development StrictMode runs the mount effect twice at once, and both share it (one request per mount pair).
 */
function takeEarly<R>(early: EarlyRequest<R>, id: string): EarlyRequest<R>['request'] {
  const { request } = early;
  if (!request || early.id !== id) return undefined;
  queueMicrotask(() => {
    early.request = undefined;
  });
  return request;
}

/**
 * Loads a list endpoint with a body; reloads when the body changes (or on `reload()`, e.g. a new search with
 * unchanged conditions). A slow answer to an older body never overwrites a newer one (the user may page faster
 * than the server answers).
 */
export function useResourceList<R>(url: string, body: Record<string, unknown>) {
  const key = JSON.stringify(body);
  // A tab whose page was unmounted (past the views kept alive) and is shown again: its list shows the rows it
  // last showed at once and loads afresh behind them, without a spinner, as a kept-alive page would.
  const restored = useViewRestored();
  const [shownBefore] = useState(() => (restored ? lastAnswer(`${url}|${key}`) : undefined));
  const [data, setData] = useState<ListData<R>>(shownBefore ?? { List: [], Total: 0 });
  const [loading, setLoading] = useState(false);
  // The first request goes out with the first render instead of after its commit (a list's table, with its
  // columns and pager, takes a while to commit): its answer is awaited by the first load below. Not for a list
  // that shows its last rows at once: their refresh would only re-render the table while the tab comes back.
  // Kept in a ref, not made by a state initializer: StrictMode (development) calls an initializer twice, which sent
  // the request twice, while a ref is kept across its second render.
  const first = useRef<EarlyRequest<R>>(undefined);
  first.current ??= shownBefore ? { id: '' } : earlyRequest<R>(url, key);
  const early = first.current;
  const seq = useRef(0);
  const quiet = useRef(!!shownBefore);
  const load = useCallback(
    async (request: Promise<ListData<R> | R[]> | undefined) => {
      const mine = ++seq.current;
      setLoading(!quiet.current);
      quiet.current = false;
      try {
        const d = await (request ?? api.post<ListData<R> | R[]>(url, JSON.parse(key)));
        if (mine !== seq.current) return;
        const list = Array.isArray(d) ? { List: d, Total: d.length } : { List: d?.List ?? [], Total: d?.Total ?? 0 };
        remember(`${url}|${key}`, list);
        setData(list);
      } catch {
        // The HTTP client already showed the message; keep the rows shown before.
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [url, key],
  );
  const reload = useCallback(() => load(undefined), [load]);
  useEffect(() => {
    void load(takeEarly(early, `${url}|${key}`));
  }, [load, early, url, key]);
  return { data, loading, reload };
}
