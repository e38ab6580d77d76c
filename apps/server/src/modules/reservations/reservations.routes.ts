import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  AddRecommendationBody,
  CancelRecommendationBody,
  HandleRecommendationBody,
  RecommendationListQuery,
} from '@shuyuan/contracts/reservations/recommendation';
import {
  AddReservationBody,
  ReservationCancelBody,
  type ReservationDto,
  ReservationListQuery,
  ReservationReadyBody,
  TitleSearchBody,
} from '@shuyuan/contracts/reservations/reservation';
import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineResource } from '../../platform/resource/define.ts';
import { likePattern } from '../../platform/resource/query.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { hasPermission } from '../../platform/principal.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { dayFilter } from '../reminders/day-filter.ts';
import {
  addRecommendation,
  cancelRecommendation,
  handleRecommendation,
  recommendationDto,
} from './recommendation.service.ts';
import { setNotifyApp } from './reservation.notify.ts';
import { recommendation, reservation } from './reservation.table.ts';
import { cancelReservation, placeReservation, queuePosition, readyByHand } from './reservations.service.ts';
import { schoolTime } from '../reminders/school-time.ts';
import { findReservableTitles } from './title-search.ts';

/** Screens /reservation (预约处理) and /recommendation (荐购处理). */
export const RESERVATION = 'reservation';
export const RECOMMENDATION = 'recommendation';

type ResRow = typeof reservation.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

async function reservationDto(r: ResRow, ctx: Ctx<any>): Promise<ReservationDto> {
  const [x] = await ctx.db
    .select({
      account: appUser.account,
      name: appUser.name,
      title: catalogueRecord.title,
      author: catalogueRecord.author,
      barcode: sql<string | null>`(select ${copy.barcode} from ${copy} where ${copy.id} = ${r.copyId ?? 0})`,
    })
    .from(appUser)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, r.recordId))
    .where(eq(appUser.id, r.readerId));
  return {
    id: r.id,
    state: r.state as ReservationDto['state'],
    readerId: r.readerId,
    readerAccount: x?.account ?? '',
    readerName: x?.name ?? '',
    recordId: r.recordId,
    title: x?.title ?? '',
    author: x?.author ?? '',
    copyId: r.copyId,
    barcode: x?.barcode ?? null,
    queuePosition: r.state === 'waiting' ? await queuePosition(ctx.db, ctx.scope, r) : null,
    holdUntil: r.holdUntil,
    readyAt: iso(r.readyAt),
    notifiedAt: iso(r.notifiedAt),
    closedAt: iso(r.closedAt),
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Reservations whose reader's account/name or title matches the search key. */
function reservationSearch(key: string) {
  const k = likePattern(key);
  return or(
    inArray(
      reservation.readerId,
      sql`(select ${appUser.id} from ${appUser} where ${appUser.account} ilike ${k} or ${appUser.name} ilike ${k})`,
    ),
    inArray(
      reservation.recordId,
      sql`(select ${catalogueRecord.id} from ${catalogueRecord} where ${catalogueRecord.title} ilike ${k})`,
    ),
  );
}

export function reservationsRoutes(app: FastifyInstance): void {
  setNotifyApp(app);
  const operator = (ctx: Ctx<any>) => ctx.user?.userId ?? null;

  route(app, {
    url: `${P}/Circulation/AddReservation`,
    access: opCode(RESERVATION, 'handle'),
    schema: AddReservationBody,
    audit: 'reservation.add',
    summary: 'Reserve a title (or a copy) for a reader; ready at once when a copy is on the shelf',
    handler: ({ db, scope, body, ...ctx }) =>
      placeReservation(db, scope, { ...body, operatorId: operator(ctx as Ctx<any>) }),
  });
  route(app, {
    url: `${P}/Circulation/FindReservableTitles`,
    access: opCode(RESERVATION, 'handle'),
    schema: TitleSearchBody,
    summary: 'Titles to reserve by title words or ISBN, with copies held, on the shelf and readers waiting',
    handler: ({ db, scope, body }) => findReservableTitles(db, scope, body.key),
  });
  route(app, {
    url: `${P}/Circulation/ReservationReady`,
    access: opCode(RESERVATION, 'handle'),
    schema: ReservationReadyBody,
    audit: 'reservation.ready',
    summary: 'Put a copy on the hold shelf for a waiting reservation',
    handler: (ctx) => readyByHand(ctx.db, ctx.scope, ctx.body.id, ctx.body.barcode, operator(ctx)),
  });
  route(app, {
    url: `${P}/Circulation/CancelReservation`,
    access: opCode(RESERVATION, 'cancel'),
    schema: ReservationCancelBody,
    audit: 'reservation.cancel',
    handler: (ctx) => cancelReservation(ctx.db, ctx.scope, ctx.body.id, operator(ctx), ctx.body.note),
  });
  defineResource(app, {
    area: 'Circulation',
    entity: 'Reservation',
    table: reservation,
    permission: RESERVATION,
    audit: 'reservation',
    contracts: { create: ReservationListQuery, update: ReservationListQuery, list: ReservationListQuery },
    routes: { add: false, update: false, delete: false },
    filters: (q) => [
      q.state ? eq(reservation.state, q.state) : undefined,
      q.recordId ? eq(reservation.recordId, q.recordId) : undefined,
      q.readerBarcode
        ? inArray(
            reservation.readerId,
            sql`(select ${appUser.id} from ${appUser} where ${appUser.account} = ${q.readerBarcode})`,
          )
        : undefined,
      q.SearchKey ? reservationSearch(q.SearchKey) : undefined,
      ...dayFilter(reservation.createdAt, reservation.schoolId, q.from, q.to),
    ],
    orderBy: [desc(reservation.createdAt), desc(reservation.id)],
    toDto: reservationDto,
    export: {
      fileNameKey: 'reservations.file',
      columns: [
        { labelKey: 'reservations.col.reader', value: (d) => `${d.readerName} (${d.readerAccount})` },
        { labelKey: 'reservations.col.title', value: (d) => d.title },
        { labelKey: 'reservations.col.barcode', value: (d) => d.barcode ?? '' },
        { labelKey: 'reservations.col.state', value: (d, t) => t(`reservations.state.${d.state}`) },
        { labelKey: 'reservations.col.queue', value: (d) => d.queuePosition ?? '' },
        { labelKey: 'reservations.col.holdUntil', value: (d) => d.holdUntil ?? '' },
        { labelKey: 'reservations.col.createdAt', value: (d, _t, z) => schoolTime(d.createdAt, z.timeZone) },
      ],
    },
  });

  route(app, {
    url: `${P}/Circulation/AddRecommendation`,
    access: 'school',
    schema: AddRecommendationBody,
    audit: 'recommendation.add',
    summary: 'A purchase suggestion: by the caller, or (staff with recommendation:handle) for a reader',
    handler: ({ db, scope, body, user }) => {
      const staff = user && hasPermission(user, opCode(RECOMMENDATION, 'handle'));
      return addRecommendation(db, scope, staff ? body : { ...body, readerBarcode: undefined }, {
        readerId: user?.userId ?? null,
      });
    },
  });
  route(app, {
    url: `${P}/Circulation/HandleRecommendation`,
    access: opCode(RECOMMENDATION, 'handle'),
    schema: HandleRecommendationBody,
    audit: 'recommendation.handle',
    handler: (ctx) => handleRecommendation(ctx.db, ctx.scope, ctx.body, operator(ctx)),
  });
  route(app, {
    url: `${P}/Circulation/CancelRecommendation`,
    access: opCode(RECOMMENDATION, 'cancel'),
    schema: CancelRecommendationBody,
    audit: 'recommendation.cancel',
    handler: (ctx) => cancelRecommendation(ctx.db, ctx.scope, ctx.body.id, ctx.body.note, operator(ctx)),
  });
  defineResource(app, {
    area: 'Circulation',
    entity: 'Recommendation',
    table: recommendation,
    permission: RECOMMENDATION,
    audit: 'recommendation',
    contracts: { create: RecommendationListQuery, update: RecommendationListQuery, list: RecommendationListQuery },
    routes: { add: false, update: false, delete: false },
    search: [recommendation.title, recommendation.author, recommendation.isbn, recommendation.publisher],
    filters: (q) => [
      q.state ? eq(recommendation.state, q.state) : undefined,
      ...dayFilter(recommendation.createdAt, recommendation.schoolId, q.from, q.to),
    ],
    orderBy: [desc(recommendation.createdAt), desc(recommendation.id)],
    toDto: recommendationDto,
    export: {
      fileNameKey: 'reservations.rec.file',
      columns: [
        { labelKey: 'reservations.rec.col.title', value: (d) => d.title },
        { labelKey: 'reservations.rec.col.author', value: (d) => d.author },
        { labelKey: 'reservations.rec.col.isbn', value: (d) => d.isbn },
        { labelKey: 'reservations.rec.col.publisher', value: (d) => d.publisher },
        { labelKey: 'reservations.rec.col.reason', value: (d) => d.reason },
        {
          labelKey: 'reservations.rec.col.reader',
          value: (d) => (d.readerId ? `${d.readerName} (${d.readerAccount})` : ''),
        },
        { labelKey: 'reservations.rec.col.state', value: (d, t) => t(`reservations.rec.state.${d.state}`) },
        { labelKey: 'reservations.rec.col.note', value: (d) => d.note },
        { labelKey: 'reservations.rec.col.createdAt', value: (d, _t, z) => schoolTime(d.createdAt, z.timeZone) },
      ],
    },
  });
}
