import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import type { UnionCopyRecord, UnionRecordBody, UnionSearchQuery } from '@shuyuan/contracts/union/union';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { Scope } from '../../platform/tenancy.ts';
import {
  createRecord,
  getRecord,
  storedAsCreate,
  type PrepareRecord,
  type Tr,
} from '../catalogue/catalogue.service.ts';
import { catalogueRecord as r } from '../catalogue/catalogue.table.ts';
import { recordMatchKeys } from '../catalogue/match-keys.ts';
import { describeKey, firstMatch, recordsByMatchKeys } from '../catalogue/match.service.ts';
import { mustBeMember } from './membership.ts';
import { unionSearch, unionView } from './union-search.service.ts';

/**
 * `/union-catalog`: the other members' shared records for a text, each with the caller's own record the match keys
 * (ISBN, 035, 001+003, title+author+year) find — the school has that title already.
 */
export async function catalogSearch(db: Db, scope: Scope, q: UnionSearchQuery, tr: Tr) {
  const { view: _v, ...res } = await unionSearch(db, scope, q, { exceptOwn: true });
  const own = await ownMatches(
    db,
    scope,
    res.List.map((h) => h.matchKeys),
    tr,
  );
  return { ...res, List: res.List.map(({ matchKeys: _k, ...h }, i) => ({ ...h, ownMatch: own[i] })) };
}

/** A record another member shares with the union (a shared copy of it exists); else "not found", as for an outsider. */
async function sharedRecord(db: Db, scope: Scope, b: UnionRecordBody) {
  await mustBeMember(db, scope, b.unionId);
  const view = await unionView(db, b.unionId, scope.schoolId);
  if (!view) throw notFound();
  const [row] = await rowsOf<{ school_id: number }>(
    db,
    sql`select catalogue_record.school_id from ${r} join ${view.values} on m.school_id = catalogue_record.school_id
      where catalogue_record.id = ${b.recordId}
        and exists (select 1 from copy c where c.record_id = catalogue_record.id and c.school_id = catalogue_record.school_id and ${view.copy})`,
  );
  if (!row) throw notFound();
  return getRecord(db, new Scope(Number(row.school_id)), b.recordId);
}

/** The whole shared record (fields, subjects, MARC) to look at before copying. */
export async function sharedRecordDetail(db: Db, scope: Scope, b: UnionRecordBody) {
  const { resourceTypeId: _t, ...rec } = await sharedRecord(db, scope, b);
  return rec;
}

/**
 * Copies a shared record into the caller's school: its fields, MARC, class number and subjects; the book number is
 * the school's own (reserved by its rules when it numbers automatically), the resource type its default. Refused
 * while the school holds a record with one of its match keys, unless `force`.
 */
export async function copyRecord(db: Db, scope: Scope, b: UnionCopyRecord, tr: Tr, prepare: PrepareRecord) {
  const src = await sharedRecord(db, scope, b);
  const { resourceTypeId: _t, bookNo: _b, coverUrl, ...fields } = storedAsCreate(src);
  return saveCopied(db, scope, { ...fields, coverUrl }, b.force, tr, prepare);
}

/** The school's own records the match keys of these records find (it has them already), by match key. */
export async function ownMatches(db: Db, scope: Scope, keysOfEach: string[][], tr: Tr) {
  const found = await recordsByMatchKeys(db, scope, keysOfEach.flat());
  return keysOfEach.map((keys) => {
    const m = firstMatch(keys, (k) => found.get(k));
    return m ? { id: m.hit.id, title: m.hit.title, key: describeKey(m.key, tr) } : null;
  });
}

/**
 * Saves a record copied from the union (a member's or a remote member's) as the school's: its own book number
 * (reserved by its rules when it numbers automatically). Refused while the school holds a record with one of its
 * match keys, unless `force`.
 */
export async function saveCopied(
  db: Db,
  scope: Scope,
  fields: Omit<RecordCreate, 'bookNo'>,
  force: boolean,
  tr: Tr,
  prepare: PrepareRecord,
) {
  const create = { ...fields, bookNo: '', bookNoAuto: !!fields.classNo };
  if (!force) {
    const [m] = await ownMatches(db, scope, [recordMatchKeys(create)], tr);
    if (m) throw fail('UNION_RECORD_HELD', 'union.recordHeld', { title: m.title, key: m.key });
  }
  const saved = await createRecord(db, scope, create, prepare);
  return { id: saved.id, bookNo: saved.bookNo, title: create.title, classNo: create.classNo ?? '' };
}
