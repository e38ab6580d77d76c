import type { PeriodRange, StatFilters } from '@shuyuan/contracts/statistics/filters';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { schoolClock } from '../circ-records/records.query.ts';
import { resolvePeriod } from './period.ts';

/** What every report needs first: the school's today and time zone, and the days it covers. */
export interface ReportClock {
  today: string;
  tz: string;
  range: PeriodRange;
}

export async function reportClock(db: Db, scope: Scope, f: Partial<StatFilters>): Promise<ReportClock> {
  const { today, tz } = await schoolClock(db, scope);
  return { today, tz, range: await resolvePeriod(db, scope, f, today) };
}

/** a ÷ b to 4 decimals, 0 when b is 0. */
export const ratio = (a: number, b: number): number => (b ? Math.round((a / b) * 10_000) / 10_000 : 0);

/** Competition ranking (1, 2, 2, 4) of rows already ordered by `value` descending. */
export function ranked<T>(rows: T[], value: (r: T) => number): (T & { rank: number })[] {
  let prev = Number.NaN;
  let rank = 0;
  return rows.map((r, i) => {
    const v = value(r);
    if (v !== prev) rank = i + 1;
    prev = v;
    return { ...r, rank };
  });
}

/** The map's value for `key`, made and stored first when missing. */
export function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}
