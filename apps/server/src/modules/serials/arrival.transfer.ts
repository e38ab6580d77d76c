import type { TransferBody, TransferIssue, TransferPlace, TransferQuery } from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { type IssueJoined, selectIssues, titleSearch, toIssueRow } from './arrival.query.ts';
import { serialIssue, serialIssueCopy, serialSubscriptionPlace } from './serials.table.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

const TRANSFER_LIST_LIMIT = 500;

/** Each issue's places (ordered copies) with the copies already distributed there. */
async function withPlaces(db: Db, scope: Scope, rows: IssueJoined[], today: string): Promise<TransferIssue[]> {
  if (!rows.length) return [];
  const subIds = [...new Set(rows.map((r) => r.subscriptionId))];
  const [places, given] = await Promise.all([
    db
      .select({
        subscriptionId: serialSubscriptionPlace.subscriptionId,
        locationId: serialSubscriptionPlace.locationId,
        locationName: location.name,
        ordered: serialSubscriptionPlace.copies,
      })
      .from(serialSubscriptionPlace)
      .innerJoin(location, eq(location.id, serialSubscriptionPlace.locationId))
      .where(and(inArray(serialSubscriptionPlace.subscriptionId, subIds), eq(location.schoolId, scope.schoolId)))
      .orderBy(asc(location.sort), asc(location.id)),
    db
      .select({ issueId: serialIssueCopy.issueId, locationId: serialIssueCopy.locationId, n: count() })
      .from(serialIssueCopy)
      .where(
        and(
          inArray(
            serialIssueCopy.issueId,
            rows.map((r) => r.id),
          ),
          isNotNull(serialIssueCopy.locationId),
        ),
      )
      .groupBy(serialIssueCopy.issueId, serialIssueCopy.locationId),
  ]);
  return rows.map((r) => {
    const mine = given.filter((g) => g.issueId === r.id);
    const placeList: TransferPlace[] = places
      .filter((p) => p.subscriptionId === r.subscriptionId)
      .map((p) => ({
        locationId: p.locationId,
        locationName: p.locationName,
        ordered: p.ordered,
        distributed: mine.find((g) => g.locationId === p.locationId)?.n ?? 0,
      }));
    const distributed = mine.reduce((a, g) => a + g.n, 0);
    return { ...toIssueRow(r, today, 0), distributed, places: placeList };
  });
}

/** Arrived issues with their places: by default only those with copies not yet distributed. */
export async function transferList(db: Db, scope: Scope, kind: SerialKind, q: TransferQuery): Promise<TransferIssue[]> {
  const pending = sql`${serialIssue.arrivedCopies} > (select count(*) from ${serialIssueCopy} where ${serialIssueCopy.issueId} = ${serialIssue.id} and ${serialIssueCopy.locationId} is not null)`;
  const rows = await selectIssues(
    db,
    scope,
    kind,
    eq(serialIssue.state, 'arrived'),
    q.titleId ? eq(serialIssue.titleId, q.titleId) : undefined,
    q.year ? eq(serialIssue.year, q.year) : undefined,
    q.pending ? pending : undefined,
    titleSearch(q.SearchKey),
  )
    .orderBy(desc(serialIssue.arrivedAt), desc(serialIssue.id))
    .limit(TRANSFER_LIST_LIMIT);
  return withPlaces(db, scope, rows, await schoolToday(db, scope));
}

/**
 * Distributes arrived copies of an issue to the order's places (移送): for each place, copies not yet distributed
 * take its location (copy and serial_issue_copy). Never more per place than the order gives it, counting what
 * was distributed before ("transferred quantity cannot exceed ordered copies"), never more than the copies left.
 */
export function transfer(db: Db, scope: Scope, kind: SerialKind, body: TransferBody, t: Tr): Promise<TransferIssue> {
  return db.transaction(async (tx) => {
    const [row] = await selectIssues(tx, scope, kind, eq(serialIssue.id, body.issueId)).for('update', {
      of: serialIssue,
    });
    if (row?.state !== 'arrived') throw notFound(row ? 'serials.arrival.notArrived' : 'serials.arrival.notFound');
    const today = await schoolToday(tx, scope);
    const [before] = await withPlaces(tx, scope, [row], today);
    const locs = await tx
      .select({ id: location.id, name: location.name, branchId: location.branchId })
      .from(location)
      .where(
        scope.where(
          location,
          inArray(
            location.id,
            body.places.map((p) => p.locationId),
          ),
        ),
      );
    // The same place named twice counts once, with the copies added up.
    const byPlace = new Map<number, number>();
    for (const p of body.places) byPlace.set(p.locationId, (byPlace.get(p.locationId) ?? 0) + p.copies);
    const wanted = [...byPlace].map(([locationId, copies]) => ({ locationId, copies })).filter((p) => p.copies > 0);
    if (!wanted.length) throw invalid([{ path: 'places', message: t('serials.transfer.nothing') }]);
    const issues = [];
    for (const p of wanted) {
      const i = body.places.findIndex((x) => x.locationId === p.locationId);
      const place = before.places.find((x) => x.locationId === p.locationId);
      const name = locs.find((l) => l.id === p.locationId)?.name ?? String(p.locationId);
      if (!place) issues.push({ path: `places.${i}.copies`, message: t('serials.transfer.notPlace', { place: name }) });
      else if (place.distributed + p.copies > place.ordered)
        issues.push({
          path: `places.${i}.copies`,
          message: t('serials.transfer.exceedsOrdered', {
            place: name,
            ordered: place.ordered,
            distributed: place.distributed,
          }),
        });
    }
    if (issues.length) throw invalid(issues);
    const free = await tx
      .select({ copyId: serialIssueCopy.copyId })
      .from(serialIssueCopy)
      .where(and(eq(serialIssueCopy.issueId, row.id), isNull(serialIssueCopy.locationId)))
      .orderBy(asc(serialIssueCopy.copyId));
    const total = wanted.reduce((a, p) => a + p.copies, 0);
    if (total > free.length)
      throw fail('SERIAL_TRANSFER_EXCEEDS', 'serials.transfer.exceedsArrived', { left: free.length });
    let next = 0;
    for (const p of wanted) {
      const ids = free.slice(next, next + p.copies).map((f) => f.copyId);
      next += p.copies;
      const loc = locs.find((l) => l.id === p.locationId)!;
      await tx
        .update(serialIssueCopy)
        .set({ locationId: loc.id })
        .where(and(eq(serialIssueCopy.issueId, row.id), inArray(serialIssueCopy.copyId, ids)));
      await tx
        .update(copy)
        .set({ locationId: loc.id, branchId: loc.branchId, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
        .where(scope.where(copy, inArray(copy.id, ids)));
    }
    const [after] = await withPlaces(tx, scope, [row], today);
    return after;
  });
}
