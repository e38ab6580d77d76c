import { ConversionListQuery, type ConversionDto } from '@shuyuan/contracts/circ-records/records';
import { P } from '@shuyuan/contracts/common/paths';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { loanConversion } from './circ-records.table.ts';
import { schoolClock } from './records.query.ts';

const reader = alias(appUser, 'conv_reader');
const operator = alias(appUser, 'conv_operator');

/** P/Circulation/GetRetrieveRecords: conversions librarians made (to returned / to weeding), newest first. */
export function conversionRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Circulation/GetRetrieveRecords`,
    access: 'br-records',
    schema: ConversionListQuery,
    summary: 'Conversions of loans (returned / weeding) with reason and operator',
    handler: async ({ db, scope, body }) => {
      const { tz } = await schoolClock(db, scope);
      const day = sql`(${loanConversion.createdAt} at time zone ${tz})::date`;
      const where = scope.where(
        loanConversion,
        and(
          body.kind ? eq(loanConversion.kind, body.kind) : undefined,
          body.from ? sql`${day} >= ${body.from}::date` : undefined,
          body.to ? sql`${day} <= ${body.to}::date` : undefined,
        ),
      );
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(loanConversion).where(where);
      const rows = await db
        .select({
          c: loanConversion,
          operatorName: operator.name,
          barcode: copy.barcode,
          title: catalogueRecord.title,
          readerName: reader.name,
          account: reader.account,
        })
        .from(loanConversion)
        .innerJoin(loan, eq(loan.id, loanConversion.loanId))
        .innerJoin(copy, eq(copy.id, loan.copyId))
        .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
        .innerJoin(reader, eq(reader.id, loan.userId))
        .leftJoin(operator, eq(operator.id, loanConversion.operatorId))
        .where(where)
        .orderBy(desc(loanConversion.createdAt), desc(loanConversion.id))
        .limit(body.Rows)
        .offset((body.Page - 1) * body.Rows);
      const List: ConversionDto[] = rows.map((r) => ({
        id: r.c.id,
        loanId: r.c.loanId,
        kind: r.c.kind as ConversionDto['kind'],
        reason: r.c.reason,
        createdAt: r.c.createdAt.toISOString(),
        operatorName: r.operatorName,
        barcode: r.barcode,
        title: r.title,
        readerName: r.readerName,
        account: r.account,
      }));
      return { List, Total: Number(n) };
    },
  });
}
