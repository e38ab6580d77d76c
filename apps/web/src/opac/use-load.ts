import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Loads data for a page: the latest call wins (an older answer arriving late is dropped); `error` is the server's
 * message in the reader's language. `reload()` runs it again (after a renewal, a cancellation…).
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const seq = useRef(0);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what the load depends on
  useEffect(() => {
    const n = ++seq.current;
    setState((s) => ({ data: s.data, loading: true }));
    load().then(
      (data) => n === seq.current && setState({ data, loading: false }),
      (e) => n === seq.current && setState({ error: String(e?.msg ?? e?.message ?? e), loading: false }),
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((x) => x + 1), []);
  return { ...state, reload };
}

/** Sets the page title (the tab and screen readers' first announcement). */
export function useTitle(text: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${text} · ${t('opac.nav.catalogue')}`;
  }, [text, t]);
}
