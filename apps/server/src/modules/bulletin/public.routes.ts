import {
  AnnouncementBooksQuery,
  BulletinCatalogQuery,
  type PublicAnnouncement,
  type PublicBulletin,
  type PublicBulletinDetail,
} from '@shuyuan/contracts/bulletin/bulletin';
import { IdBody, PageQuery } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { list, pageOffset } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { type PublicView, publicView } from '../opac/search.service.ts';
import { assertOpen } from '../opac/visibility.ts';
import { bulletinToDto } from './bulletin.routes.ts';
import { announcementBooks, publicLibraryInfo } from './bulletin.service.ts';
import { bulletin, externalLink, newbookAnnouncement } from './bulletin.table.ts';

const S = `${P}/Search`;

/** Every public call: the school named by the schoolID header (or a kiosk's own) and its public site open. */
async function open(ctx: Ctx<unknown>): Promise<PublicView> {
  await assertOpen(ctx.db, ctx.scope);
  return publicView(ctx.db, ctx.scope);
}

function toPublic(r: typeof bulletin.$inferSelect): PublicBulletin {
  const { content: _c, published: _p, createdAt: _a, updatedAt: _u, ...rest } = bulletinToDto(r);
  return rest;
}

/** Published items of some kinds, pinned first, then the newest. */
async function publishedList(
  ctx: Ctx<unknown>,
  kinds: string[],
  q: { Page: number; Rows: number; SearchKey?: string },
) {
  const key = q.SearchKey?.trim();
  const where = ctx.scope.where(
    bulletin,
    eq(bulletin.published, true),
    inArray(bulletin.kind, kinds),
    key ? sql`${bulletin.title} ilike ${`%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(bulletin)
      .where(where)
      .orderBy(desc(bulletin.pinned), desc(bulletin.publishedAt), desc(bulletin.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(bulletin).where(where),
  ]);
  return list(rows.map(toPublic), total);
}

/**
 * What the public site, the guide screens and kiosks read of the library's news (issue 11): access
 * `publicSchool` — no sign-in, the school from the schoolID header or a kiosk token's school; only published items.
 */
export function bulletinPublicRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${S}/GetBulletinCatalog`,
    access: 'publicSchool',
    schema: BulletinCatalogQuery,
    summary: 'Published notices and news (or library dynamics with kind=dynamic), pinned first, newest first',
    handler: async (ctx) => {
      await open(ctx);
      return publishedList(ctx, ctx.body.kind ? [ctx.body.kind] : ['notice', 'news'], ctx.body);
    },
  });

  route(app, {
    url: `${S}/GetBulletinContentByID`,
    access: 'publicSchool',
    schema: IdBody,
    summary: 'One published notice, news item or dynamic with its (sanitised) content',
    handler: async (ctx): Promise<PublicBulletinDetail> => {
      await open(ctx);
      const [row] = await ctx.db
        .select()
        .from(bulletin)
        .where(ctx.scope.where(bulletin, eq(bulletin.id, ctx.body.id), eq(bulletin.published, true)));
      if (!row) throw notFound();
      return { ...toPublic(row), content: row.content };
    },
  });

  route(app, {
    url: '/micro/space/api/LibNotice/GetNoticeList',
    access: 'publicSchool',
    schema: PageQuery,
    summary: 'Published notices of the school (guide screens, kiosks), pinned first',
    handler: async (ctx) => {
      await open(ctx);
      return publishedList(ctx, ['notice'], ctx.body);
    },
  });

  route(app, {
    url: `${S}/GetNetworkResource`,
    access: 'publicSchool',
    summary: 'Network resources (external links) shown on the public site',
    handler: async (ctx) => {
      await open(ctx);
      return ctx.db
        .select({
          id: externalLink.id,
          name: externalLink.name,
          url: externalLink.url,
          description: externalLink.description,
          logo: externalLink.logo,
        })
        .from(externalLink)
        .where(ctx.scope.where(externalLink, eq(externalLink.state, 1)))
        .orderBy(asc(externalLink.sort), asc(externalLink.id));
    },
  });

  route(app, {
    url: `${S}/GetLibraryInfo`,
    access: 'publicSchool',
    summary: 'Library information: introduction, opening hours, coming closed days, locations, rules, pictures',
    handler: async (ctx) => publicLibraryInfo(ctx.db, await open(ctx)),
  });

  route(app, {
    url: `${S}/GetNewBookAnnouncementList`,
    access: 'publicSchool',
    schema: PageQuery,
    summary: 'Published new-book announcements, newest first',
    handler: async (ctx) => {
      const v = await open(ctx);
      const where = ctx.scope.where(newbookAnnouncement, eq(newbookAnnouncement.published, true));
      const [rows, [{ total }]] = await Promise.all([
        ctx.db
          .select()
          .from(newbookAnnouncement)
          .where(where)
          .orderBy(desc(newbookAnnouncement.publishedAt), desc(newbookAnnouncement.id))
          .limit(ctx.body.Rows)
          .offset(pageOffset(ctx.body)),
        ctx.db.select({ total: sql<number>`count(*)::int` }).from(newbookAnnouncement).where(where),
      ]);
      const out: PublicAnnouncement[] = [];
      for (const a of rows) {
        const books = await announcementBooks(ctx.db, v, a, { Page: 1, Rows: 1 });
        out.push({
          id: a.id,
          title: a.title,
          intro: a.intro,
          cover: a.cover,
          publishedAt: a.publishedAt?.toISOString() ?? null,
          books: books.Total,
        });
      }
      return list(out, total);
    },
  });

  route(app, {
    url: `${S}/GetNewBookAnnouncement`,
    access: 'publicSchool',
    schema: AnnouncementBooksQuery,
    summary: 'One published new-book announcement and a page of its books (public copies only)',
    handler: async (ctx) => {
      const v = await open(ctx);
      const [a] = await ctx.db
        .select()
        .from(newbookAnnouncement)
        .where(
          ctx.scope.where(
            newbookAnnouncement,
            and(eq(newbookAnnouncement.id, ctx.body.id), eq(newbookAnnouncement.published, true)),
          ),
        );
      if (!a) throw notFound();
      const books = await announcementBooks(ctx.db, v, a, ctx.body);
      return {
        id: a.id,
        title: a.title,
        intro: a.intro,
        cover: a.cover,
        publishedAt: a.publishedAt?.toISOString() ?? null,
        List: books.List,
        Total: books.Total,
      };
    },
  });
}
