import type { VolumeListQuery, VolumeRow } from '@shuyuan/contracts/serials/binding';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { and, asc, count, desc, eq, exists, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { titleSearch } from './arrival.query.ts';
import { serialIssue, serialTitle, serialVolume } from './serials.table.ts';

const columns = {
  id: serialVolume.id,
  titleId: serialVolume.titleId,
  title: serialTitle.title,
  year: serialVolume.year,
  fromIssue: serialVolume.fromIssue,
  toIssue: serialVolume.toIssue,
  issues: serialVolume.issues,
  copyId: serialVolume.copyId,
  barcode: copy.barcode,
  callNo: copy.callNo,
  priceFen: copy.unitPriceFen,
  circState: copy.circState,
  locationName: location.name,
  note: serialVolume.note,
  createdAt: serialVolume.createdAt,
};

function joined(db: Db, scope: Scope, kind: SerialKind, conds: (SQL | undefined)[]) {
  return db
    .select(columns)
    .from(serialVolume)
    .innerJoin(serialTitle, eq(serialTitle.id, serialVolume.titleId))
    .innerJoin(copy, eq(copy.id, serialVolume.copyId))
    .leftJoin(location, eq(location.id, copy.locationId))
    .where(scope.where(serialVolume, eq(serialTitle.kind, kind), and(...conds)));
}

const toRow = (r: Awaited<ReturnType<typeof joined>>[number]): VolumeRow => ({
  ...r,
  locationName: r.locationName ?? '',
  createdAt: r.createdAt.toISOString(),
});

/** Volumes of the school's titles of one kind matching `conds`, as the binding screen shows them. */
export async function selectVolumes(db: Db, scope: Scope, kind: SerialKind, ...conds: (SQL | undefined)[]) {
  return (await joined(db, scope, kind, conds)).map(toRow);
}

/** The bound volumes list (newest first), by title, year or the title's words. */
export async function listVolumes(db: Db, scope: Scope, kind: SerialKind, q: VolumeListQuery) {
  const conds = [
    q.titleId ? eq(serialVolume.titleId, q.titleId) : undefined,
    q.year ? eq(serialVolume.year, q.year) : undefined,
    titleSearch(q.SearchKey),
  ];
  const [rows, [total]] = await Promise.all([
    joined(db, scope, kind, conds)
      .orderBy(desc(serialVolume.createdAt), desc(serialVolume.id))
      .limit(q.Rows)
      .offset((q.Page - 1) * q.Rows),
    db
      .select({ n: count() })
      .from(serialVolume)
      .innerJoin(serialTitle, eq(serialTitle.id, serialVolume.titleId))
      .where(scope.where(serialVolume, eq(serialTitle.kind, kind), and(...conds))),
  ]);
  return { List: rows.map(toRow), Total: total?.n ?? 0 };
}

/** What the binding form picks from: the kind's titles with an arrived issue, and the school's locations. */
export async function bindOptions(db: Db, scope: Scope, kind: SerialKind) {
  const arrived = db
    .select({ one: serialIssue.id })
    .from(serialIssue)
    .where(and(eq(serialIssue.titleId, serialTitle.id), eq(serialIssue.state, 'arrived')));
  const [titles, locations] = await Promise.all([
    db
      .select({ id: serialTitle.id, title: serialTitle.title, issn: serialTitle.issn })
      .from(serialTitle)
      .where(scope.where(serialTitle, eq(serialTitle.kind, kind), exists(arrived)))
      .orderBy(asc(serialTitle.title)),
    db
      .select({ id: location.id, name: location.name })
      .from(location)
      .where(scope.where(location, eq(location.state, 1)))
      .orderBy(asc(location.sort), asc(location.id)),
  ]);
  return { titles, locations };
}
