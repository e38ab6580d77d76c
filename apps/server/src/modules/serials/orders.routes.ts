import { P } from '@shuyuan/contracts/common/paths';
import { PageQuery } from '@shuyuan/contracts/common/envelope';
import { OrderIds, OrderListQuery, OrderSave, type OrderDto } from '@shuyuan/contracts/serials/order';
import { SERIAL_KINDS } from '@shuyuan/contracts/serials/pattern';
import { asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contentDisposition } from '../../platform/files/files.ts';
import { route } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { school } from '../school/school.table.ts';
import { sheetPdf } from '../statistics/sheet-pdf.ts';
import { exportXlsx } from '../stocktake/xlsx-job.ts';
import { deleteOrders, getOrder, listOrders, saveOrder } from './orders.service.ts';
import { serialTitle } from './serials.table.ts';

/** Permission code of the year orders screen (/magazine-order). */
export const ORDERS = 'magazine-order';
const S = `${P}/Serials`;

const yuan = (fen: number | null) => (fen == null ? '' : (fen / 100).toFixed(2));
type Tr = (k: string, p?: Record<string, unknown>) => string;

/** The order list for the post office: one line per title, by postal code, with the copies and the money. */
export const ORDER_COLUMNS: { labelKey: string; value: (o: OrderDto, t: Tr) => string | number; width: number }[] = [
  { labelKey: 'serials.title.postalCode', value: (o) => o.postalCode, width: 12 },
  { labelKey: 'serials.title.title', value: (o) => o.title, width: 32 },
  { labelKey: 'serials.title.issn', value: (o) => o.issn, width: 12 },
  { labelKey: 'serials.title.frequency', value: (o, t) => t(`serials.frequency.${o.frequency}`), width: 10 },
  { labelKey: 'serials.order.year', value: (o) => o.year, width: 8 },
  { labelKey: 'serials.order.copies', value: (o) => o.copies, width: 8 },
  { labelKey: 'serials.title.pricePerYear', value: (o) => yuan(o.pricePerYearFen), width: 12 },
  { labelKey: 'serials.order.total', value: (o) => yuan(o.totalPriceFen), width: 12 },
  {
    labelKey: 'serials.order.places',
    value: (o) => o.places.map((p) => `${p.locationName}×${p.copies}`).join('; '),
    width: 28,
  },
  { labelKey: 'serials.order.supplier', value: (o) => o.supplier, width: 16 },
  { labelKey: 'serials.order.orderNo', value: (o) => o.orderNo, width: 14 },
];

/** Titles for an order or renewal form's picker (search by title, ISSN or postal code): the first Rows, no pages. */
export const TitleOptionsQuery = PageQuery.omit({ Page: true }).extend({ kind: z.enum(SERIAL_KINDS).optional() });
export async function titleOptions(db: Db, scope: Scope, q: z.infer<typeof TitleOptionsQuery>) {
  const key = q.SearchKey ? `%${q.SearchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({
      id: serialTitle.id,
      title: serialTitle.title,
      kind: serialTitle.kind,
      issn: serialTitle.issn,
      postalCode: serialTitle.postalCode,
      frequency: serialTitle.frequency,
      pricePerYearFen: serialTitle.pricePerYearFen,
    })
    .from(serialTitle)
    .where(
      scope.where(
        serialTitle,
        eq(serialTitle.ceased, false),
        q.kind ? eq(serialTitle.kind, q.kind) : undefined,
        key
          ? or(ilike(serialTitle.title, key), ilike(serialTitle.issn, key), ilike(serialTitle.postalCode, key))
          : undefined,
      ),
    )
    .orderBy(asc(serialTitle.postalCode), asc(serialTitle.id))
    .limit(q.Rows);
}

export function orderRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${S}/GetOrderList`,
    access: ORDERS,
    schema: OrderListQuery,
    handler: ({ db, scope, body }) => listOrders(db, scope, body),
  });
  route(app, {
    url: `${S}/GetOrder`,
    access: ORDERS,
    schema: z.object({ id: z.coerce.number().int().positive() }),
    handler: ({ db, scope, body }) => getOrder(db, scope, body.id),
  });
  route(app, {
    url: `${S}/AddOrder`,
    access: `${ORDERS}:add`,
    schema: OrderSave,
    audit: 'serials.order.add',
    handler: ({ db, scope, body, t }) => saveOrder(db, scope, { ...body, id: undefined }, t),
  });
  route(app, {
    url: `${S}/UpdateOrder`,
    access: `${ORDERS}:edit`,
    schema: OrderSave,
    audit: 'serials.order.update',
    handler: ({ db, scope, body, t }) => saveOrder(db, scope, body, t),
  });
  route(app, {
    url: `${S}/DeleteOrder`,
    access: `${ORDERS}:delete`,
    schema: OrderIds,
    audit: 'serials.order.delete',
    handler: ({ db, scope, body }) => deleteOrders(db, scope, body.ids),
  });
  route(app, {
    url: `${S}/OrderTitleOptions`,
    access: ORDERS,
    schema: TitleOptionsQuery,
    handler: ({ db, scope, body }) => titleOptions(db, scope, body),
  });
  route(app, {
    url: `${S}/OrderPlaceOptions`,
    access: ORDERS,
    summary: 'The locations copies can be distributed to',
    handler: ({ db, scope }) =>
      db
        .select({ id: location.id, name: location.name, code: location.code })
        .from(location)
        .where(scope.where(location, eq(location.state, 1)))
        .orderBy(asc(location.sort), asc(location.id)),
  });
  route(app, {
    url: `${S}/ExportOrders`,
    access: `${ORDERS}:export`,
    schema: OrderListQuery,
    audit: 'serials.order.export',
    handler: (ctx) =>
      exportXlsx<OrderDto>(app, ctx, {
        operationType: 'export.serials.order',
        title: ctx.t('serials.order.file', { year: ctx.body.year ?? '' }),
        columns: ORDER_COLUMNS,
        rows: async () => (await listOrders(app.database.db, ctx.scope, ctx.body, true)).List,
      }),
  });
  route(app, {
    url: `${S}/OrderListPdf`,
    access: `${ORDERS}:export`,
    // Every order the filters find, not a page of them.
    schema: OrderListQuery.omit({ Page: true, Rows: true }),
    raw: true,
    summary: 'The order list for the post office as a PDF (A4 landscape, totals at the end)',
    handler: async ({ db, scope, body, t, reply }) => {
      const { List } = await listOrders(db, scope, { ...body, Page: 1, Rows: 1 }, true);
      const [s] = await db.select({ name: school.name }).from(school).where(eq(school.id, scope.schoolId));
      const title = t('serials.order.file', { year: body.year ?? '' });
      const rows = List.map((o) => ORDER_COLUMNS.map((c) => c.value(o, t)));
      const copies = List.reduce((a, o) => a + o.copies, 0);
      const money = List.reduce((a, o) => a + (o.totalPriceFen ?? 0), 0);
      rows.push([t('serials.order.sum', { titles: List.length }), '', '', '', '', copies, '', yuan(money), '', '', '']);
      const pdf = await sheetPdf(
        { columns: ORDER_COLUMNS.map((c) => t(c.labelKey)), rows },
        {
          title,
          subtitle: [s?.name ?? ''],
          widths: ORDER_COLUMNS.map((c) => c.width),
          bold: (i) => i === rows.length - 1,
          pageLabel: (n, m) => t('statistics.pdf.page', { n, m }),
          footer: t('serials.order.signatures'),
        },
      );
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', contentDisposition(`${title}.pdf`));
      return reply.send(pdf);
    },
  });
}
