import { P } from '@shuyuan/contracts/common/paths';
import type { FilterOptions } from '@shuyuan/contracts/statistics/filters';
import { useEffect, useState } from 'react';
import { api } from '../../app/http.ts';

export const STAT = `${P}/Statistics`;

let cached: { at: number; p: Promise<FilterOptions> } | null = null;

/** The filters' choices (terms, grades, classes, …), one request shared by every report for 30 s. */
export function useFilterOptions(): FilterOptions | null {
  const [o, setO] = useState<FilterOptions | null>(null);
  useEffect(() => {
    if (!cached || Date.now() - cached.at > 30_000) {
      const p = api.post<FilterOptions>(`${STAT}/GetFilterOptions`, {});
      p.catch(() => {
        cached = null;
      });
      cached = { at: Date.now(), p };
    }
    let alive = true;
    cached.p.then((v) => alive && setO(v)).catch(() => {});
    return () => {
      alive = false;
    };
  }, []);
  return o;
}

/** A rate (0.6667) as the screens show it: 66.67%. */
export const pct = (v: number): string => `${(v * 100).toFixed(2)}%`;
