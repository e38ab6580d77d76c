import type { BackIssueQuery, BackIssueRow } from '@shuyuan/contracts/serials/statistics';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { titleSearch } from './arrival.query.ts';
import { serialIssue, serialIssueCopy, serialTitle, serialVolume } from './serials.table.ts';

/**
 * Back issues (往期检索, a tab of /magazinelibrary): the arrived issues matching the title words, kind, year and
 * issue number, newest first, each with its copies on the shelf (and where), out with readers, and bound (and
 * the volumes' barcodes) — where a reader's "the March issue" is now.
 */
export async function backIssues(db: Db, scope: Scope, q: BackIssueQuery) {
  const conds = and(
    eq(serialIssue.state, 'arrived'),
    q.kind ? eq(serialTitle.kind, q.kind) : undefined,
    q.year ? eq(serialIssue.year, q.year) : undefined,
    q.issueNo ? eq(serialIssue.issueNo, q.issueNo) : undefined,
    titleSearch(q.SearchKey),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        issueId: serialIssue.id,
        titleId: serialTitle.id,
        title: serialTitle.title,
        kind: serialTitle.kind,
        issn: sql<string>`coalesce(${serialTitle.issn}, '')`,
        year: serialIssue.year,
        volume: serialIssue.volume,
        issueNo: serialIssue.issueNo,
        wholeNo: serialIssue.wholeNo,
        arrivedAt: serialIssue.arrivedAt,
        onShelf: sql<number>`count(*) filter (where ${copy.circState} = 'available')::int`,
        out: sql<number>`count(*) filter (where ${copy.circState} in ('borrowed', 'reserving', 'reserved', 'returned-not-received'))::int`,
        bound: sql<number>`count(*) filter (where ${copy.circState} = 'bound')::int`,
        locations: sql<
          string[]
        >`coalesce(array_agg(distinct ${location.name}) filter (where ${copy.circState} = 'available' and ${location.name} is not null), '{}')`,
        volumes: sql<string[]>`coalesce(array_agg(distinct vc.barcode) filter (where vc.barcode is not null), '{}')`,
      })
      .from(serialIssue)
      .innerJoin(serialTitle, eq(serialTitle.id, serialIssue.titleId))
      .leftJoin(serialIssueCopy, eq(serialIssueCopy.issueId, serialIssue.id))
      .leftJoin(copy, eq(copy.id, serialIssueCopy.copyId))
      .leftJoin(location, eq(location.id, copy.locationId))
      .leftJoin(serialVolume, eq(serialVolume.id, serialIssueCopy.volumeId))
      .leftJoin(sql`copy vc`, sql`vc.id = ${serialVolume.copyId}`)
      .where(scope.where(serialIssue, conds))
      .groupBy(serialIssue.id, serialTitle.id)
      .orderBy(desc(serialIssue.year), desc(serialIssue.seq), serialTitle.title)
      .limit(q.Rows)
      .offset((q.Page - 1) * q.Rows),
    db
      .select({ n: count() })
      .from(serialIssue)
      .innerJoin(serialTitle, eq(serialTitle.id, serialIssue.titleId))
      .where(scope.where(serialIssue, conds)),
  ]);
  return {
    List: rows.map(
      (r): BackIssueRow => ({ ...r, kind: r.kind as SerialKind, arrivedAt: r.arrivedAt?.toISOString() ?? null }),
    ),
    Total: total?.n ?? 0,
  };
}
