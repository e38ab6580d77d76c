import { isDataField } from '@shuyuan/contracts/marc/record';
import type {
  OpacClassNode,
  OpacCopy,
  OpacHit,
  OpacRecommendQuery,
  OpacRecordDetail,
  OpacStatfile,
} from '@shuyuan/contracts/opac/search';
import { StoreType, CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { resourceType } from '../basic/branch.table.ts';
import { getRecord } from '../catalogue/catalogue.service.ts';
import { catalogueRecord as r } from '../catalogue/catalogue.table.ts';
import { getEditingConfig } from '../catalogue/editing-config.service.ts';
import { getClassChildren } from '../classification/class.service.ts';
import { marcOf } from '../marc/marc.build.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { hitColumns, type PublicView } from './search.service.ts';

/** The record, if the public may see it (another school's, or one whose copies are all hidden: not found). */
export async function publicRecord(db: Db, v: PublicView, id: number) {
  const [hit] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(v.scope.where(r, eq(r.id, id)), v.record));
  if (!hit) throw notFound();
  return getRecord(db, v.scope, id);
}

const RELATED = 6;

/** P/Search/CatalogueDetail: the bibliographic view, its MARC fields, more by the author and in the same class. */
export async function recordDetail(db: Db, v: PublicView, id: number): Promise<OpacRecordDetail> {
  const rec = await publicRecord(db, v, id);
  const related = (cond: ReturnType<typeof eq>) =>
    db
      .select(hitColumns(v))
      .from(r)
      .where(and(v.scope.where(r, cond, ne(r.id, id)), v.record))
      .orderBy(desc(r.id))
      .limit(RELATED) as Promise<OpacHit[]>;
  const [byAuthor, sameClass, [type], editing] = await Promise.all([
    rec.author ? related(eq(r.author, rec.author)) : Promise.resolve([]),
    rec.classNo ? related(eq(r.classNo, rec.classNo)) : Promise.resolve([]),
    rec.resourceTypeId
      ? db
          .select({ name: resourceType.name })
          .from(resourceType)
          .where(v.scope.where(resourceType, eq(resourceType.id, rec.resourceTypeId)))
      : Promise.resolve([]),
    getEditingConfig(db, v.scope),
  ]);
  // The MARC view: the stored MARC, else the record built in the school's MARC format (CNMARC or MARC21), as the
  // catalogue's export and the MARC editor show it.
  const marc = marcOf(rec as any, editing.marcFormat).fields.map((f) =>
    isDataField(f)
      ? { tag: f.tag, ind: `${f.ind1}${f.ind2}`, text: f.subfields.map((s) => `$${s.code}${s.value}`).join('') }
      : { tag: f.tag, text: f.value },
  );
  return {
    id: rec.id,
    title: rec.title,
    parallelTitle: rec.parallelTitle,
    author: rec.author,
    responsibility: rec.responsibility,
    edition: rec.edition,
    publisher: rec.publisher,
    pubPlace: rec.pubPlace,
    pubYear: rec.pubYear,
    isbn: rec.isbn,
    issn: rec.issn,
    classNo: rec.classNo,
    bookNo: rec.bookNo,
    language: rec.language,
    pages: rec.pages,
    price: rec.priceFen == null ? null : (rec.priceFen / 100).toFixed(2),
    coverUrl: rec.coverUrl,
    series: rec.series,
    subjects: rec.subjects,
    summary: rec.summary,
    resourceType: type?.name ?? '',
    marc,
    byAuthor,
    sameClass,
  };
}

/**
 * P/Search/Collection: the record's public copies with branch, location (map and point), call number, state,
 * the due date of an open loan — never the borrower — and the shelf position from book positioning.
 */
export async function recordCopies(db: Db, v: PublicView, id: number): Promise<OpacCopy[]> {
  await publicRecord(db, v, id);
  const s = v.scope.schoolId;
  const res: any = await db.execute(sql`
    select c.id, c.barcode, c.call_no, c.circ_state, c.store_type, l.due_date::text as due_date,
      coalesce(b.name, '') as branch, loc.id as loc_id, loc.name as loc_name, loc.map_url, loc.x, loc.y,
      sh.code as shelf_code, sp.code as pos_code, sp.face, sp.layer, sp.column_no
    from copy c
    left join loan l on l.copy_id = c.id and l.returned_at is null
    left join branch b on b.id = c.branch_id and b.school_id = ${s}
    left join location loc on loc.id = c.location_id and loc.school_id = ${s}
    left join copy_shelf cs on cs.copy_id = c.id
    left join shelf_position sp on sp.id = cs.shelf_position_id and sp.school_id = ${s}
    left join shelf sh on sh.id = sp.shelf_id and sh.school_id = ${s}
    where c.school_id = ${s} and c.record_id = ${id} and ${v.copy}
    order by (c.circ_state = ${CircState.AVAILABLE} and c.store_type = ${StoreType.CIRCULATION}) desc, loc.sort, c.barcode`);
  const rows = (res.rows ?? res) as any[];
  return rows.map((x) => ({
    id: x.id,
    barcode: x.barcode,
    callNo: x.call_no,
    circState: x.circ_state,
    storeType: x.store_type,
    dueDate: x.due_date ?? null,
    branch: x.branch,
    location: x.loc_id ? { id: x.loc_id, name: x.loc_name, mapUrl: x.map_url, x: x.x ?? null, y: x.y ?? null } : null,
    shelf: x.pos_code
      ? { shelf: x.shelf_code ?? '', position: x.pos_code, face: x.face, layer: x.layer, column: x.column_no }
      : null,
  }));
}

/**
 * POST /search/classify: the 中图法 classes under `parent` with the number of the school's public records whose
 * class number starts with the class code (one grouped count over the school's class numbers).
 */
export async function classify(db: Db, v: PublicView, parent?: string): Promise<OpacClassNode[]> {
  const nodes = await getClassChildren(db, { scheme: 'clc', parent: parent || null });
  if (!nodes.length) return [];
  const rows = await db
    .select({ classNo: sql<string>`upper(${r.classNo})`, n: sql<number>`count(*)::int` })
    .from(r)
    .where(and(v.scope.where(r, ne(r.classNo, '')), v.record))
    .groupBy(sql`upper(${r.classNo})`);
  return nodes.map((n) => {
    const code = n.code.toUpperCase();
    let count = 0;
    for (const x of rows) if (x.classNo.startsWith(code)) count += x.n;
    return { code: n.code, name: n.name, hasChildren: n.hasChildren, count };
  });
}

/**
 * P/Search/Recommend: staff picks (the record's recommended flag) and titles readers suggested that the library
 * got (a `found` purchase suggestion linked to a record), newest first.
 */
export async function recommended(db: Db, v: PublicView, q: OpacRecommendQuery) {
  const s = v.scope.schoolId;
  const arrived = sql`exists (select 1 from recommendation rc where rc.school_id = ${s} and rc.record_id = catalogue_record.id and rc.state = 'found')`;
  const which =
    q.kind === 'picks'
      ? eq(r.recommended, true)
      : q.kind === 'arrived'
        ? arrived
        : sql`(${r.recommended} or ${arrived})`;
  const where = and(v.scope.where(r, which), v.record);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...hitColumns(v), picked: r.recommended })
      .from(r)
      .where(where)
      .orderBy(desc(r.updatedAt), desc(r.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(r).where(where),
  ]);
  return list(rows, total);
}

/** P/Search/Statfile: the library in figures for the public home page (no person in it). */
export async function statfile(db: Db, v: PublicView): Promise<OpacStatfile> {
  const s = v.scope.schoolId;
  const today = await schoolToday(db, v.scope);
  // Records the resource rules hide from the public are not counted (recordVisibleSql names catalogue_record).
  const shown = v.record ?? sql`true`;
  const res: any = await db.execute(sql`
    select
      (select count(*)::int from catalogue_record where catalogue_record.school_id = ${s} and ${shown}) as records,
      (select count(*)::int from copy c where c.school_id = ${s} and ${v.copy}) as copies,
      (select count(*)::int from copy c where c.school_id = ${s} and ${v.copy}
        and c.circ_state = ${CircState.AVAILABLE} and c.store_type = ${StoreType.CIRCULATION}) as available,
      (select count(*)::int from app_user u where u.school_id = ${s} and u.state = 1
        and u.identity in ('student', 'teacher', 'parent', 'other')) as readers,
      (select count(*)::int from loan l where l.school_id = ${s} and l.borrowed_at >= ${`${today.slice(0, 4)}-01-01`}::date) as loans_this_year,
      (select count(*)::int from catalogue_record where catalogue_record.school_id = ${s} and ${shown}
        and catalogue_record.created_at >= ${`${today.slice(0, 7)}-01`}::date) as new_this_month`);
  const x = (res.rows ?? res)[0];
  return {
    records: x.records,
    copies: x.copies,
    available: x.available,
    readers: x.readers,
    loansThisYear: x.loans_this_year,
    newThisMonth: x.new_this_month,
  };
}
