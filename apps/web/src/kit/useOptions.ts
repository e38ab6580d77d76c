import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/http.ts';
import type { FieldDef, Option, RemoteOptions } from './types.ts';

const cache = new Map<string, Promise<Option[]>>();

function load(o: RemoteOptions): Promise<Option[]> {
  const key = `${o.url}|${JSON.stringify(o.body ?? {})}|${o.value}|${o.label}`;
  let p = cache.get(key);
  if (!p) {
    p = api.post<any>(o.url, o.body ?? {}).then((data) => {
      const rows: any[] = o.list || !Array.isArray(data) ? (data?.List ?? []) : data;
      return rows.map((r) => ({ value: r[o.value], label: String(r[o.label] ?? ''), literal: true }));
    });
    // A failed load is retried next time instead of being cached.
    p.catch(() => cache.delete(key));
    cache.set(key, p);
    // Options change when their screen edits them: keep them for a short while only.
    setTimeout(() => cache.delete(key), 30_000);
  }
  return p;
}

/** The options of a select field as antd wants them ({value, label} with labels translated). */
export function useOptions(field: FieldDef): { value: any; label: string }[] {
  const { t } = useTranslation();
  const [remote, setRemote] = useState<Option[]>([]);
  const opts = field.options;
  const isRemote = !!opts && !Array.isArray(opts);
  useEffect(() => {
    if (!isRemote) return;
    let alive = true;
    load(opts as RemoteOptions)
      .then((o) => alive && setRemote(o))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [isRemote, opts]);
  const list = isRemote ? remote : ((opts as Option[] | undefined) ?? []);
  return list.map((o) => ({ value: o.value, label: o.literal ? o.label : t(o.label) }));
}
