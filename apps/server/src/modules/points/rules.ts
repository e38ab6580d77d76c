import { DEFAULT_POINT_RULES, type PointEvent } from '@shuyuan/contracts/points/events';
import { asc } from 'drizzle-orm';
import { configPart } from '../../platform/school-config.ts';
import { term } from '../org/term.table.ts';
import { pointRule } from './points.table.ts';

export interface PointRule {
  event: PointEvent;
  points: number;
  enabled: boolean;
  dailyCap: number;
  termCap: number;
  updatedAt: Date | null;
}

/**
 * The school's rules, one per event: its saved rows over the built-in defaults (DEFAULT_POINT_RULES), so a new
 * school starts with them and nothing needs seeding. From the configuration snapshot: no query while unchanged.
 */
export const POINT_RULES = configPart('pointRules', async (db, scope) => {
  const rows = await db.select().from(pointRule).where(scope.where(pointRule));
  const rules = new Map<string, PointRule>();
  for (const d of DEFAULT_POINT_RULES) rules.set(d.event, { ...d, updatedAt: null });
  for (const r of rows)
    rules.set(r.event, {
      event: r.event as PointEvent,
      points: r.points,
      enabled: r.enabled,
      dailyCap: r.dailyCap,
      termCap: r.termCap,
      updatedAt: r.updatedAt,
    });
  return rules;
});

/** The school's terms (start, end, id) for the per-term caps. */
export const TERMS = configPart('terms', async (db, scope) =>
  db
    .select({ id: term.id, start: term.startDate, end: term.endDate })
    .from(term)
    .where(scope.where(term))
    .orderBy(asc(term.startDate)),
);

export function termOf(terms: { id: number; start: string; end: string }[], day: string): number | null {
  for (const t of terms) if (t.start <= day && day <= t.end) return t.id;
  return null;
}
