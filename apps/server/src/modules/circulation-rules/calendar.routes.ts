import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ClosedDaysChange, ClosedDaysQuery, RULES_SCREEN } from '@shuyuan/contracts/circulation-rules/rules';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import { route } from '../../platform/route.ts';
import { closedDay } from '../circulation/circulation.table.ts';
import { addClosedDays, addDays } from '../circulation/rules.service.ts';

/** Every day from..to (inclusive) falling on one of `weekdays` (0 Sunday … 6 Saturday). */
export function weekdaysIn(from: string, to: string, weekdays: number[]): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (weekdays.includes(new Date(`${d}T00:00:00Z`).getUTCDay())) out.push(d);
  }
  return out;
}

/** The school calendar (closed days) on /borrow-permission: closed days count neither towards loan periods nor
 * towards overdue days, and a due date never falls on one (rules.service.ts dueDateAfter, overdueDayCounter). */
export function calendarRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/CirculationRules/GetClosedDays`,
    access: RULES_SCREEN,
    schema: ClosedDaysQuery,
    summary: "The school's closed days of one year",
    handler: async ({ db, scope, body }) => {
      const rows = await db
        .select({ day: closedDay.day })
        .from(closedDay)
        .where(
          scope.where(closedDay, gte(closedDay.day, `${body.year}-01-01`), lte(closedDay.day, `${body.year}-12-31`)),
        )
        .orderBy(asc(closedDay.day));
      return rows.map((r) => r.day);
    },
  });

  route(app, {
    url: `${P}/CirculationRules/ChangeClosedDays`,
    access: opCode(RULES_SCREEN, 'edit'),
    schema: ClosedDaysChange,
    audit: 'closedDay.change',
    summary: 'Mark days closed (list, or weekdays of a range) and open again (remove)',
    handler: async ({ db, scope, body }) => {
      const add = [...body.add, ...(body.from && body.to ? weekdaysIn(body.from, body.to, body.weekdays) : [])];
      const remove = body.remove.filter((d) => !add.includes(d));
      await db.transaction(async (tx) => {
        await addClosedDays(tx, scope, [...new Set(add)]);
        if (remove.length)
          await tx.delete(closedDay).where(scope.where(closedDay, and(inArray(closedDay.day, remove))));
      });
      return { added: new Set(add).size, removed: remove.length };
    },
  });
}
