import { ClockInBody, ClockListQuery, type ClockListRow } from '@shuyuan/contracts/points/clock';
import { P } from '@shuyuan/contracts/common/paths';
import { MyPointsQuery } from '@shuyuan/contracts/points/points';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../platform/route.ts';
import { type Column, exportXlsx } from '../stocktake/xlsx-job.ts';
import { clockIn, clockRows, listClock, myClockIns } from './clock.service.ts';
import { myPointEntries, myPoints } from './my-points.service.ts';

const O = `${P}/Opac`;
const R = `${P}/ReadingClock`;
const CLOCK = 'reading-clock';

const clockColumns: Column<ClockListRow>[] = [
  { labelKey: 'points.col.account', value: (r) => r.account },
  { labelKey: 'points.col.name', value: (r) => r.name },
  { labelKey: 'points.col.grade', value: (r) => r.gradeName ?? '' },
  { labelKey: 'points.col.class', value: (r) => r.className ?? '' },
  { labelKey: 'points.clock.col.minutesDay', value: (r) => r.minutesDay, width: 14 },
  { labelKey: 'points.clock.col.streak', value: (r) => r.streak, width: 12 },
  { labelKey: 'points.clock.col.minutesWeek', value: (r) => r.minutesWeek, width: 14 },
  { labelKey: 'points.clock.col.daysWeek', value: (r) => r.daysWeek, width: 12 },
];

/** The reader's points and clock-in (personal area) and the teachers' clock-in views (/reading-clock). */
export function clockRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${O}/MyPoints`,
    access: 'school',
    schema: z.object({}),
    summary: "The caller's balance, class rank and class top ten (others' names masked): /user/integral",
    handler: ({ db, scope, user }) => myPoints(db, scope, user!.userId),
  });
  route(app, {
    url: `${O}/MyPointEntries`,
    access: 'school',
    schema: MyPointsQuery,
    summary: "A page of the caller's points ledger",
    handler: ({ db, scope, user, body }) => myPointEntries(db, scope, user!.userId, body),
  });
  route(app, {
    url: `${O}/ClockIn`,
    access: 'school',
    schema: ClockInBody,
    summary: 'The caller records what and how long they read today (points: clock_in, clock_in_streak)',
    handler: ({ db, scope, user, body }) => clockIn(db, scope, user!.userId, body),
  });
  route(app, {
    url: `${O}/MyClockIns`,
    access: 'school',
    schema: z.object({}),
    summary: "The caller's streak, minutes today and this week, recent clock-ins",
    handler: ({ db, scope, user }) => myClockIns(db, scope, user!.userId),
  });
  route(app, {
    url: `${R}/GetList`,
    access: CLOCK,
    schema: ClockListQuery,
    summary: 'Readers of a class or grade on a day: minutes that day, streak, minutes and days in the 7 days to it',
    handler: ({ db, scope, body }) => listClock(db, scope, body),
  });
  route(app, {
    url: `${R}/Export`,
    access: `${CLOCK}:export`,
    schema: ClockListQuery,
    audit: 'readingClock.export',
    summary: 'The clock-in view as xlsx (background task)',
    handler: async (ctx) => {
      const { rows, day } = await clockRows(ctx.db, ctx.scope, ctx.body);
      return exportXlsx(app, ctx, {
        operationType: `export.${CLOCK}`,
        title: `${ctx.t('points.file.clock')} ${day}`,
        columns: clockColumns,
        rows: async () => rows,
      });
    },
  });
}
