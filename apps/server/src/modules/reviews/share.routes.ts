import { IdBody, IdsBody, PageQuery } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import { ModerateBody } from '@shuyuan/contracts/reviews/review';
import {
  DIMENSION_CODE,
  DimensionCreate,
  type DimensionDto,
  DimensionListQuery,
  DimensionUpdate,
  PublicSharesQuery,
  SHARE_CODE,
  type ShareDto,
  ShareListQuery,
  ShareSave,
} from '@shuyuan/contracts/reviews/share';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { assertOpen } from '../opac/visibility.ts';
import { type SheetColumn, startListExport } from './export.ts';
import { deleteModerated, moderate } from './moderation.ts';
import { checkPictures } from './pictures.ts';
import { assertMayModerate } from './review.routes.ts';
import { shareDimension } from './reviews.table.ts';
import { activeDimensions, deleteMyShare, listShares, myShares, publicShares, saveMyShare } from './share.service.ts';

const R = `${P}/ReadingShare`;

const COLUMNS: SheetColumn<ShareDto>[] = [
  ['reviews.col.kind', (d, t) => t(`reviews.kind.${d.kind}`)],
  ['reviews.col.shareTitle', (d) => d.title],
  ['reviews.col.title', (d) => d.recordTitle ?? ''],
  ['reviews.col.reader', (d) => d.readerName],
  ['reviews.col.account', (d) => d.account],
  ['reviews.col.grade', (d) => d.gradeName ?? ''],
  ['reviews.col.class', (d) => d.className ?? ''],
  ['reviews.col.dimensions', (d) => d.dimensions.join('、')],
  ['reviews.col.content', (d) => d.content],
  ['reviews.col.pictures', (d) => d.pictures.length],
  ['reviews.col.state', (d, t) => t(`reviews.state.${d.state}`)],
  ['reviews.col.reason', (d) => d.rejectReason],
  ['reviews.col.reviewer', (d) => d.reviewedByName],
  ['reviews.col.createdAt', (d) => d.createdAt.slice(0, 10)],
];

/** Reading shares (/reading-share) and their dimensions (/share-dimension); readers write from the personal area. */
export function shareRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'ReadingShare',
    entity: 'Dimension',
    table: shareDimension,
    permission: DIMENSION_CODE,
    audit: 'shareDimension',
    contracts: { create: DimensionCreate, update: DimensionUpdate, list: DimensionListQuery },
    search: [shareDimension.name, shareDimension.description],
    filters: (q) => [q.state === undefined ? undefined : eq(shareDimension.state, q.state)],
    orderBy: [asc(shareDimension.sort), asc(shareDimension.id)],
    unique: [
      {
        field: 'name',
        labelKey: 'reviews.dimension.name',
        columns: [shareDimension.name],
        constraint: 'share_dimension_school_name_uq',
      },
    ],
    toValues: ({ input }) => ({ ...(input as DimensionCreate), updatedAt: new Date() }),
    toDto: (r): DimensionDto => ({
      id: r.id,
      name: r.name,
      description: r.description,
      sort: r.sort,
      state: r.state,
    }),
  });

  route(app, {
    url: `${R}/GetShareList`,
    access: SHARE_CODE,
    schema: ShareListQuery,
    summary: 'Reading shares with filters: state, kind, dimension, reader, class, grade, days written, text',
    handler: ({ db, scope, body }) => listShares(db, scope, body),
  });
  route(app, {
    url: `${R}/ModerateShares`,
    access: opCode(SHARE_CODE, 'audit'),
    schema: ModerateBody,
    audit: 'readingShare.moderate',
    summary: "Pass or reject shares (a rejection needs its reason); a pass credits 'share_approved'",
    handler: ({ db, scope, body, user, auditDetail }) => {
      assertMayModerate(user);
      auditDetail.ids = body.ids;
      auditDetail.pass = body.pass;
      return moderate(db, scope, user!, 'share', body);
    },
  });
  route(app, {
    url: `${R}/DeleteShare`,
    access: opCode(SHARE_CODE, 'delete'),
    schema: IdsBody,
    audit: 'readingShare.delete',
    handler: ({ db, scope, body }) => deleteModerated(db, scope, 'share', body.ids),
  });
  route(app, {
    url: `${R}/ExportShare`,
    access: opCode(SHARE_CODE, 'export'),
    schema: ShareListQuery,
    audit: 'readingShare.export',
    summary: 'The filtered shares as xlsx (background job)',
    handler: (ctx) =>
      startListExport(app, ctx, {
        fileNameKey: 'reviews.shareFile',
        operationType: 'export.readingshare',
        columns: COLUMNS,
        page: (Page, Rows) => listShares(app.database.db, ctx.scope, { ...ctx.body, Page, Rows }),
      }),
  });

  // ——— Personal area: every call acts on the caller ———
  route(app, {
    url: `${P}/Opac/SaveMyShare`,
    access: 'school',
    schema: ShareSave,
    audit: 'readingShare.write',
    summary: "Writes or rewrites the caller's reading share (pictures: the school's public uploads, images only)",
    handler: ({ db, scope, body, user, t, schoolId }) =>
      saveMyShare(db, scope, user!.userId, body, t, (max) => checkPictures(app, schoolId, body.pictures, max, t)),
  });
  route(app, {
    url: `${P}/Opac/MyShares`,
    access: 'school',
    schema: PageQuery,
    summary: "The caller's reading shares with states and reject reasons",
    handler: ({ db, scope, body, user }) => myShares(db, scope, user!.userId, body),
  });
  route(app, {
    url: `${P}/Opac/DeleteMyShare`,
    access: 'school',
    schema: IdBody,
    audit: 'readingShare.deleteOwn',
    handler: async ({ db, scope, body, user }) => {
      await deleteMyShare(db, scope, user!.userId, body.id);
      return { id: body.id };
    },
  });

  // ——— Public site ———
  route(app, {
    url: `${P}/Search/ShareDimensions`,
    access: 'publicSchool',
    summary: "The school's share dimensions in use (names)",
    handler: async ({ db, scope }) => {
      await assertOpen(db, scope);
      return activeDimensions(db, scope);
    },
  });
  route(app, {
    url: `${P}/Search/ReadingShares`,
    access: 'publicSchool',
    schema: PublicSharesQuery,
    summary: "Passed reading shares (writers' names masked, never a class), optionally of one dimension",
    handler: async ({ db, scope, body }) => {
      await assertOpen(db, scope);
      return publicShares(db, scope, body);
    },
  });
}
