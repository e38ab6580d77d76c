import type { PickedReader, PickedRecord } from '@shuyuan/contracts/circ-records/records';
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../platform/resource/query.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';

const LIMIT = 20;

/**
 * Records for the item history picker: title contains `key`, or one of the record's copies has exactly that
 * barcode; with their number of copies. Shortest titles first (the closest match), then by id.
 */
export async function pickRecords(db: Db, scope: Scope, key: string): Promise<PickedRecord[]> {
  const byBarcode = sql`${catalogueRecord.id} in (select ${copy.recordId} from ${copy} where ${scope.where(copy, eq(copy.barcode, key))})`;
  const rows = await db
    .select({
      id: catalogueRecord.id,
      title: catalogueRecord.title,
      author: catalogueRecord.author,
      copies: count(copy.id),
    })
    .from(catalogueRecord)
    .leftJoin(copy, eq(copy.recordId, catalogueRecord.id))
    .where(scope.where(catalogueRecord, or(ilike(catalogueRecord.title, likePattern(key)), byBarcode)))
    .groupBy(catalogueRecord.id)
    .orderBy(sql`length(${catalogueRecord.title})`, asc(catalogueRecord.id))
    .limit(LIMIT);
  return rows.map((r) => ({ ...r, copies: Number(r.copies) }));
}

/** Readers for the reader history picker: name or account contains `key`; exact account first. */
export async function pickReaders(db: Db, scope: Scope, key: string): Promise<PickedReader[]> {
  const p = likePattern(key);
  const rows = await db
    .select({
      id: appUser.id,
      account: appUser.account,
      name: appUser.name,
      cls: schoolClass.name,
      grade: grade.name,
    })
    .from(appUser)
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(scope.where(appUser, or(ilike(appUser.name, p), ilike(appUser.account, p))))
    .orderBy(sql`(${appUser.account} = ${key}) desc`, asc(appUser.name), asc(appUser.id))
    .limit(LIMIT);
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    name: r.name,
    className: r.cls ? `${r.grade ?? ''}${r.cls}` : null,
  }));
}
