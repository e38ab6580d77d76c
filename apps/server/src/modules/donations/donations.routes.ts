import {
  DONATION_CODE,
  DonationCreate,
  type DonationItem,
  DonationListQuery,
  DonationUpdate,
} from '@shuyuan/contracts/donations/donation';
import { desc, eq, gte, ilike, inArray, lte, or } from 'drizzle-orm';
import { P } from '@shuyuan/contracts/common/paths';
import { route } from '../../platform/route.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { likePattern } from '../../platform/resource/query.ts';
import { defineResource } from '../../platform/resource/define.ts';
import type { Ctx } from '../../platform/route.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { personByCard, personMatches } from '../volunteers/people.ts';
import { certificateRoute } from './certificate.route.ts';
import { donationDto } from './dto.ts';
import { awardDonation } from './points.ts';
import { donation } from './donation.table.ts';

/** Reader, copies (by barcode) and batch of the form checked against the school; every bad field reported. */
async function resolve(db: Db, ctx: Ctx<any>, input: DonationCreate) {
  const issues: { path: string; message: string }[] = [];
  let readerId: number | null = null;
  let donorName = input.donorName;
  if (input.donorKind !== 'outside') {
    const p = await personByCard(db, ctx.scope, input.readerAccount).catch(() => null);
    if (!p)
      issues.push({
        path: 'readerAccount',
        message: ctx.t('donations.readerNotFound', { account: input.readerAccount }),
      });
    else {
      readerId = p.id;
      if (input.donorKind === 'reader') donorName = p.name;
    }
  }
  const barcodes = [...new Set(input.items.map((i) => i.barcode).filter(Boolean))];
  const found = barcodes.length
    ? await db
        .select({
          id: copy.id,
          barcode: copy.barcode,
          recordId: copy.recordId,
          title: catalogueRecord.title,
          author: catalogueRecord.author,
          isbn: catalogueRecord.isbn,
        })
        .from(copy)
        .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
        .where(ctx.scope.where(copy, inArray(copy.barcode, barcodes)))
    : [];
  const byBarcode = new Map(found.map((c) => [c.barcode, c]));
  const items: DonationItem[] = input.items.map((i, n) => {
    if (!i.barcode) return { ...i, recordId: null, copyId: null };
    const c = byBarcode.get(i.barcode);
    if (!c) {
      issues.push({ path: `items.${n}.barcode`, message: ctx.t('donations.copyNotFound', { barcode: i.barcode }) });
      return { ...i, recordId: null, copyId: null };
    }
    return {
      barcode: i.barcode,
      title: c.title,
      author: c.author,
      isbn: c.isbn,
      copies: 1,
      recordId: c.recordId,
      copyId: c.id,
    };
  });
  if (input.batchId) {
    const [b] = await db
      .select({ id: acceptanceBatch.id })
      .from(acceptanceBatch)
      .where(ctx.scope.where(acceptanceBatch, eq(acceptanceBatch.id, input.batchId)));
    if (!b) issues.push({ path: 'batchId', message: ctx.t('donations.batchNotFound') });
  }
  if (issues.length) throw invalid(issues);
  return {
    donorKind: input.donorKind,
    donorName,
    readerId,
    donatedOn: input.donatedOn,
    batchId: input.batchId ?? null,
    note: input.note,
    items,
    books: items.reduce((n, i) => n + i.copies, 0),
    operatorId: ctx.user?.userId ?? null,
  };
}

/** /donate-book-record: donations CRUD + export, the thank-you certificate, points to the reader donor. */
export function donationRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Donation',
    entity: 'Donation',
    table: donation,
    permission: DONATION_CODE,
    audit: 'donation',
    contracts: { create: DonationCreate, update: DonationUpdate, list: DonationListQuery },
    filters: (q, ctx) => [
      q.donorKind ? eq(donation.donorKind, q.donorKind) : undefined,
      q.batchId ? eq(donation.batchId, q.batchId) : undefined,
      q.from ? gte(donation.donatedOn, q.from) : undefined,
      q.to ? lte(donation.donatedOn, q.to) : undefined,
      q.SearchKey?.trim()
        ? or(
            ilike(donation.donorName, likePattern(q.SearchKey.trim())),
            personMatches(ctx.scope, donation.readerId, q.SearchKey),
          )
        : undefined,
    ],
    toValues: ({ db, ctx, input }) => resolve(db, ctx, input as DonationCreate),
    hooks: {
      // A reader who gives books earns the 'donation' rule's points once per donation, per book.
      afterSave: async ({ db, ctx, row, existing }) => {
        if (existing || row.donorKind !== 'reader' || !row.readerId) return;
        const points = await awardDonation(db, ctx.scope, row);
        if (points) await db.update(donation).set({ points }).where(eq(donation.id, row.id));
        row.points = points;
      },
    },
    toDto: (r, ctx) => donationDto(ctx.db, ctx, r),
    export: {
      fileNameKey: 'donations.file',
      columns: [
        { labelKey: 'donations.col.donatedOn', value: (d) => d.donatedOn },
        { labelKey: 'donations.col.donor', value: (d) => d.donorName },
        { labelKey: 'donations.col.kind', value: (d, t) => t(`donations.kind.${d.donorKind}`) },
        {
          labelKey: 'donations.col.reader',
          value: (d) => (d.readerAccount ? `${d.readerName} (${d.readerAccount})` : ''),
        },
        { labelKey: 'donations.col.books', value: (d) => d.books },
        { labelKey: 'donations.col.titles', value: (d) => d.items.map((i) => i.title).join('; '), width: 60 },
        { labelKey: 'donations.col.batch', value: (d) => d.batchNo },
        { labelKey: 'donations.col.note', value: (d) => d.note },
      ],
    },
  });
  route(app, {
    url: `${P}/Donation/GetBatchOptions`,
    access: DONATION_CODE,
    summary: 'Acceptance batches to choose from (newest first) for the donation form',
    handler: ({ db, scope }) =>
      db
        .select({ id: acceptanceBatch.id, batchNo: acceptanceBatch.batchNo })
        .from(acceptanceBatch)
        .where(scope.where(acceptanceBatch))
        .orderBy(desc(acceptanceBatch.id))
        .limit(500),
  });
  certificateRoute(app);
}
