import {
  ANNOUNCEMENT_CODE,
  AnnouncementCreate,
  type AnnouncementDto,
  AnnouncementListQuery,
  AnnouncementUpdate,
  BulletinCreate,
  type BulletinDto,
  BulletinListQuery,
  BulletinUpdate,
  DYNAMIC_CODE,
  LIBRARY_INFO_CODE,
  LINK_CODE,
  LibraryInfoSave,
  LinkCreate,
  type LinkDto,
  LinkListQuery,
  LinkUpdate,
  NOTICE_CODE,
  PublishBody,
} from '@shuyuan/contracts/bulletin/bulletin';
import { htmlToText, sanitizeHtml } from '@shuyuan/contracts/bulletin/sanitize';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invalid, notFound } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { acceptanceBatch } from '../catalogue/catalogue.table.ts';
import { publicView } from '../opac/search.service.ts';
import { bulletin, externalLink, libraryInfo, newbookAnnouncement } from './bulletin.table.ts';
import { announcementBooks, libraryInfoOf } from './bulletin.service.ts';

const B = `${P}/Bulletin`;

export function bulletinToDto(r: typeof bulletin.$inferSelect): BulletinDto {
  return {
    id: r.id,
    kind: r.kind as BulletinDto['kind'],
    title: r.title,
    content: r.content,
    summary: r.summary,
    cover: r.cover,
    pictures: r.pictures ?? [],
    pinned: r.pinned,
    published: r.published,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    authorName: r.authorName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Notices and news (/notice-list) or library dynamics (/dynamics-museum): one table, two screens. */
function bulletinResource(app: FastifyInstance, entity: 'Notice' | 'Dynamic', code: string, kinds: string[]) {
  const svc = defineResource(app, {
    area: 'Bulletin',
    entity,
    table: bulletin,
    permission: code,
    audit: `bulletin.${entity.toLowerCase()}`,
    contracts: { create: BulletinCreate, update: BulletinUpdate, list: BulletinListQuery },
    visible: () => inArray(bulletin.kind, kinds),
    search: [bulletin.title, bulletin.summary],
    filters: (q) => [
      q.kind === undefined ? undefined : eq(bulletin.kind, q.kind),
      q.published === undefined ? undefined : eq(bulletin.published, q.published),
    ],
    orderBy: [desc(bulletin.pinned), desc(bulletin.createdAt), desc(bulletin.id)],
    toValues: ({ ctx, input, existing }) => {
      const i = input as BulletinCreate;
      const kind = kinds.length === 1 ? kinds[0] : i.kind;
      if (!kinds.includes(kind)) throw invalid([{ path: 'kind', message: ctx.t('bulletin.badKind') }]);
      const content = sanitizeHtml(i.content);
      return {
        kind,
        title: i.title,
        content,
        summary: htmlToText(content, 200),
        cover: i.cover,
        pictures: i.pictures,
        pinned: i.pinned,
        updatedAt: new Date(),
        ...(existing ? {} : { authorId: ctx.user!.userId, authorName: ctx.user!.name }),
      };
    },
    toDto: bulletinToDto,
  });
  publishRoute(app, `${B}/Publish${entity}`, code, `bulletin.${entity.toLowerCase()}.publish`, (ctx, ids) =>
    svc.where(ctx, inArray(bulletin.id, ids)),
  );
}

/** Publish or take back: every id must be the caller's school's (else not found, nothing changes). */
function publishRoute(
  app: FastifyInstance,
  url: string,
  code: string,
  audit: string,
  where: (ctx: Ctx<unknown>, ids: number[]) => SQL | undefined,
  table: typeof bulletin | typeof newbookAnnouncement = bulletin,
) {
  route(app, {
    url,
    access: opCode(code, 'publish'),
    schema: PublishBody,
    audit,
    summary: 'Publish items on the public site, or take them back',
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.ids)];
      const cond = where(ctx, ids);
      const found = await ctx.db.select({ id: table.id }).from(table).where(cond);
      if (found.length !== ids.length) throw notFound();
      ctx.auditDetail.ids = ids;
      ctx.auditDetail.published = ctx.body.published;
      await ctx.db
        .update(table)
        .set(
          ctx.body.published
            ? {
                published: true,
                publishedAt: sql`case when ${table.published} then ${table.publishedAt} else now() end`,
              }
            : { published: false },
        )
        .where(cond);
      return { count: ids.length };
    },
  });
}

export function bulletinRoutes(app: FastifyInstance): void {
  bulletinResource(app, 'Notice', NOTICE_CODE, ['notice', 'news']);
  bulletinResource(app, 'Dynamic', DYNAMIC_CODE, ['dynamic']);

  // ——— New-book announcements ———
  const annSvc = defineResource(app, {
    area: 'Bulletin',
    entity: 'Announcement',
    table: newbookAnnouncement,
    permission: ANNOUNCEMENT_CODE,
    audit: 'bulletin.announcement',
    contracts: { create: AnnouncementCreate, update: AnnouncementUpdate, list: AnnouncementListQuery },
    search: [newbookAnnouncement.title],
    filters: (q) => [q.published === undefined ? undefined : eq(newbookAnnouncement.published, q.published)],
    orderBy: [desc(newbookAnnouncement.createdAt), desc(newbookAnnouncement.id)],
    toValues: async ({ ctx, db, input }) => {
      const i = input as AnnouncementCreate;
      if (i.batchId) {
        const [b] = await db
          .select({ id: acceptanceBatch.id })
          .from(acceptanceBatch)
          .where(ctx.scope.where(acceptanceBatch, eq(acceptanceBatch.id, i.batchId)));
        if (!b) throw invalid([{ path: 'batchId', message: ctx.t('bulletin.batchNotFound') }]);
      }
      return {
        title: i.title,
        intro: sanitizeHtml(i.intro),
        cover: i.cover,
        batchId: i.batchId,
        dateFrom: i.batchId ? null : i.dateFrom,
        dateTo: i.batchId ? null : i.dateTo,
        updatedAt: new Date(),
      };
    },
    toDto: async (r, ctx): Promise<AnnouncementDto> => {
      const [batch] = r.batchId
        ? await ctx.db
            .select({ batchNo: acceptanceBatch.batchNo })
            .from(acceptanceBatch)
            .where(ctx.scope.where(acceptanceBatch, eq(acceptanceBatch.id, r.batchId)))
        : [];
      const books = await announcementBooks(ctx.db, await publicView(ctx.db, ctx.scope), r, { Page: 1, Rows: 1 });
      return {
        id: r.id,
        title: r.title,
        intro: r.intro,
        cover: r.cover,
        batchId: r.batchId,
        batchNo: batch?.batchNo ?? null,
        dateFrom: r.dateFrom,
        dateTo: r.dateTo,
        published: r.published,
        publishedAt: r.publishedAt?.toISOString() ?? null,
        books: books.Total,
        createdAt: r.createdAt.toISOString(),
      };
    },
  });
  publishRoute(
    app,
    `${B}/PublishAnnouncement`,
    ANNOUNCEMENT_CODE,
    'bulletin.announcement.publish',
    (ctx, ids) => annSvc.where(ctx, inArray(newbookAnnouncement.id, ids)),
    newbookAnnouncement,
  );

  route(app, {
    url: `${B}/GetAnnouncementBatches`,
    access: ANNOUNCEMENT_CODE,
    summary: 'Acceptance batches an announcement may list, newest first',
    handler: (ctx) =>
      ctx.db
        .select({ id: acceptanceBatch.id, batchNo: acceptanceBatch.batchNo, acceptedOn: acceptanceBatch.acceptedOn })
        .from(acceptanceBatch)
        .where(ctx.scope.where(acceptanceBatch))
        .orderBy(desc(acceptanceBatch.id))
        .limit(500),
  });

  // ——— Network resources ———
  defineResource(app, {
    area: 'Bulletin',
    entity: 'Link',
    table: externalLink,
    permission: LINK_CODE,
    audit: 'bulletin.link',
    contracts: { create: LinkCreate, update: LinkUpdate, list: LinkListQuery },
    search: [externalLink.name, externalLink.url, externalLink.description],
    filters: (q) => [q.state === undefined ? undefined : eq(externalLink.state, q.state)],
    orderBy: [asc(externalLink.sort), asc(externalLink.id)],
    toValues: ({ input }) => {
      const { id: _id, ...v } = input as LinkCreate & { id?: number };
      return { ...v, updatedAt: new Date() };
    },
    toDto: (r): LinkDto => ({
      id: r.id,
      name: r.name,
      url: r.url,
      description: r.description,
      logo: r.logo,
      sort: r.sort,
      state: r.state,
    }),
  });

  // ——— Library introduction ———
  route(app, {
    url: `${B}/GetLibraryInfo`,
    access: LIBRARY_INFO_CODE,
    summary: 'The library introduction (intro, opening hours, rules, pictures) as saved',
    handler: (ctx) => libraryInfoOf(ctx.db, ctx.scope),
  });
  route(app, {
    url: `${B}/SaveLibraryInfo`,
    access: opCode(LIBRARY_INFO_CODE, 'edit'),
    schema: LibraryInfoSave,
    audit: 'bulletin.libraryInfo.save',
    summary: 'Save the library introduction (rich text is sanitised)',
    handler: async (ctx) => {
      const v = {
        intro: sanitizeHtml(ctx.body.intro),
        hours: ctx.body.hours.trim(),
        rules: sanitizeHtml(ctx.body.rules),
        pictures: ctx.body.pictures,
        updatedAt: new Date(),
      };
      await ctx.db
        .insert(libraryInfo)
        .values(ctx.scope.values(v))
        .onConflictDoUpdate({ target: libraryInfo.schoolId, set: v });
      return libraryInfoOf(ctx.db, ctx.scope);
    },
  });
}
