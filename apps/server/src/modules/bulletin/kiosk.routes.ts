import {
  BOOKCASE_CODE,
  BookcaseCreate,
  type BookcaseDto,
  BookcaseListQuery,
  type BookcaseScreen,
  BookcaseScreenQuery,
  BookcaseUpdate,
  KIOSK_APPS,
  type KioskApps,
} from '@shuyuan/contracts/bulletin/kiosk';
import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { P } from '@shuyuan/contracts/common/paths';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageOffset } from '../../platform/envelope.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { location } from '../basic/location.table.ts';
import { publicView } from '../opac/search.service.ts';
import { assertOpen } from '../opac/visibility.ts';
import { smartBookcase } from './bulletin.table.ts';
import { school } from '../school/school.table.ts';
import { getSettings } from '../settings/settings.service.ts';

/**
 * Kiosks and hall screens (issue 11 §3). A kiosk signs in as a device (client-credentials grant, a client made on
 * /sys/devices with no acting account: public calls only, for its own school) and asks which apps it runs.
 */
export function kioskRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/micro/dc/open/library/apps/getcompanyhardwareappslist',
    access: 'publicSchool',
    summary: "A school's kiosk apps (guide screens, touch search, display routes) and their settings",
    handler: async (ctx): Promise<KioskApps> => {
      const [s] = await ctx.db
        .select({ id: school.id, code: school.code, name: school.name, enName: school.enName, state: school.state })
        .from(school)
        .where(eq(school.id, ctx.scope.schoolId));
      if (s?.state !== 1) throw notFound('opac.schoolNotFound');
      const v = await getSettings(ctx.db, ctx.scope, ['guide.interval', 'guide.idle']);
      const settings = { interval: Number(v['guide.interval']), idle: Number(v['guide.idle']) };
      return {
        school: { id: s.id, code: s.code, name: s.name, enName: s.enName },
        List: KIOSK_APPS.map((code) => ({
          code,
          name: ctx.t(`kiosk.app.${code}`),
          url: `/library/opac.html#/${code}?school=${encodeURIComponent(s.code)}`,
          settings,
        })),
      };
    },
  });
}

/** /smart_bookcase: the bookcases of a school (back office) and each one's screen (public). */
export function bookcaseRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Bulletin',
    entity: 'Bookcase',
    table: smartBookcase,
    permission: BOOKCASE_CODE,
    audit: 'bulletin.bookcase',
    contracts: { create: BookcaseCreate, update: BookcaseUpdate, list: BookcaseListQuery },
    search: [smartBookcase.name, smartBookcase.note],
    filters: (q) => [q.state === undefined ? undefined : eq(smartBookcase.state, q.state)],
    orderBy: [asc(smartBookcase.id)],
    toValues: async ({ ctx, db, input }) => {
      const { id: _id, ...v } = input as BookcaseCreate & { id?: number };
      const [l] = await db
        .select({ id: location.id })
        .from(location)
        .where(ctx.scope.where(location, eq(location.id, v.locationId)));
      if (!l) throw invalid([{ path: 'locationId', message: ctx.t('bulletin.locationRequired') }]);
      return { ...v, updatedAt: new Date() };
    },
    toDto: async (r, ctx): Promise<BookcaseDto> => {
      const [l] = await ctx.db
        .select({ name: location.name })
        .from(location)
        .where(ctx.scope.where(location, eq(location.id, r.locationId)));
      return {
        id: r.id,
        name: r.name,
        locationId: r.locationId,
        locationName: l?.name ?? '',
        note: r.note,
        state: r.state,
      };
    },
  });

  route(app, {
    url: `${P}/Bulletin/GetBookcaseLocations`,
    access: BOOKCASE_CODE,
    summary: 'The locations a bookcase may hold',
    handler: (ctx) =>
      ctx.db
        .select({ id: location.id, name: location.name })
        .from(location)
        .where(ctx.scope.where(location))
        .orderBy(asc(location.sort), asc(location.id)),
  });

  route(app, {
    url: `${P}/Search/GetBookcase`,
    access: 'publicSchool',
    schema: BookcaseScreenQuery,
    summary: "A bookcase's screen: the public copies of its location, whether each lends now (never a borrower)",
    handler: async (ctx): Promise<BookcaseScreen> => {
      await assertOpen(ctx.db, ctx.scope);
      const v = await publicView(ctx.db, ctx.scope);
      const [b] = await ctx.db
        .select({ name: smartBookcase.name, locationId: smartBookcase.locationId, location: location.name })
        .from(smartBookcase)
        .innerJoin(location, eq(location.id, smartBookcase.locationId))
        .where(ctx.scope.where(smartBookcase, eq(smartBookcase.id, ctx.body.id), eq(smartBookcase.state, 1)));
      if (!b) throw notFound();
      const s = ctx.scope.schoolId;
      const where = sql`c.school_id = ${s} and c.location_id = ${b.locationId} and ${v.copy}`;
      const lends = sql`c.circ_state = ${CircState.AVAILABLE} and c.store_type = ${StoreType.CIRCULATION}`;
      const [rows, counts]: any[] = await Promise.all([
        ctx.db.execute(sql`
          select c.id, c.record_id, r.title, r.author, c.call_no, c.circ_state, c.store_type, l.due_date::text as due_date
          from copy c join catalogue_record r on r.id = c.record_id
          left join loan l on l.copy_id = c.id and l.returned_at is null
          where ${where}
          order by (${lends}) desc, c.call_no, c.id
          limit ${ctx.body.Rows} offset ${pageOffset(ctx.body)}`),
        ctx.db.execute(sql`
          select count(*)::int as total, count(*) filter (where ${lends})::int as available from copy c where ${where}`),
      ]);
      const c = (counts.rows ?? counts)[0];
      return {
        name: b.name,
        location: b.location,
        available: c.available,
        Total: c.total,
        List: (rows.rows ?? rows).map((x: any) => ({
          id: x.id,
          recordId: x.record_id,
          title: x.title,
          author: x.author ?? '',
          callNo: x.call_no,
          circState: x.circ_state,
          storeType: x.store_type,
          dueDate: x.due_date ?? null,
        })),
      };
    },
  });
}
