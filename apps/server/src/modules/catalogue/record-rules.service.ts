import { formatBookNumber } from '@shuyuan/contracts/classification/classification';
import { missingRequired } from '@shuyuan/contracts/catalogue/editing-config';
import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { resourceType } from '../basic/branch.table.ts';
import { mustExist } from '../basic/refs.ts';
import { authorNumber } from '../classification/author-number.ts';
import {
  assertNotLockedByOther,
  normalizeClassCode,
  reserveFreeBookNumber,
  unlockBookNumber,
} from '../classification/book-number.service.ts';
import type { PrepareRecord, Tr } from './catalogue.service.ts';
import { catalogueRecord, copy } from './catalogue.table.ts';
import { getEditingConfig } from './editing-config.service.ts';

/** Who holds a locked book number: the cataloguer (one number per class at a time is enough). */
export const lockHolder = (userId: number | undefined) => `user:${userId ?? 0}`;

/** Highest numeric book number already used in a class (imported records carry their own). */
export async function highestBookNumber(db: Db, scope: Scope, classCode: string): Promise<number> {
  const code = normalizeClassCode(classCode);
  const [row] = await db
    .select({ max: sql<string | null>`max(${catalogueRecord.bookNo}::numeric)` })
    .from(catalogueRecord)
    .where(
      scope.where(
        catalogueRecord,
        sql`upper(replace(${catalogueRecord.classNo}, ' ', '')) = ${code}`,
        sql`${catalogueRecord.bookNo} ~ '^[0-9]{1,9}$'`,
      ),
    );
  return Number(row?.max ?? 0);
}

/** True when the record `id` already has this class + book number (re-saving it is never refused). */
async function sameCallNumber(tx: Db, scope: Scope, id: number | undefined, rec: { classNo: string; bookNo: string }) {
  if (id === undefined) return false;
  const [old] = await tx
    .select({ classNo: catalogueRecord.classNo, bookNo: catalogueRecord.bookNo })
    .from(catalogueRecord)
    .where(scope.where(catalogueRecord, eq(catalogueRecord.id, id)));
  return (
    !!old &&
    old.bookNo.trim() === rec.bookNo.trim() &&
    normalizeClassCode(old.classNo || '-') === normalizeClassCode(rec.classNo)
  );
}

/**
 * The checks and completions of a record saved from the cataloguing screens, under the school's editing
 * settings: required fields, the resource type (the school's, else the default one), the book number
 * (reserved in the same transaction when `bookNoAuto`), and the release of a number the cataloguer locked.
 */
export function recordRules(scope: Scope, tr: Tr, userId?: number): PrepareRecord {
  return async (tx, b, id) => {
    const config = await getEditingConfig(tx, scope);
    const rec: RecordCreate = { ...b };
    if (rec.resourceTypeId === undefined && id === undefined) rec.resourceTypeId = config.defaultResourceTypeId;
    const ctx = { schoolId: scope.schoolId, t: tr } as Ctx<unknown>;
    await mustExist(tx, ctx, resourceType, rec.resourceTypeId, 'resourceTypeId', 'catalogue.ref.type');
    if (rec.bookNoAuto && rec.classNo) {
      if (config.bookNumberRule === 'author') rec.bookNo = authorNumber(rec.author) || rec.bookNo;
      else {
        const minimum = (await highestBookNumber(tx, scope, rec.classNo)) + 1;
        const n = await reserveFreeBookNumber(tx, scope, rec.classNo, { minimum, holder: lockHolder(userId) });
        rec.bookNo = formatBookNumber(n, config.bookNumberLength);
      }
    }
    const missing = missingRequired(rec, config.requiredFields);
    if (missing.length) throw invalid(missing.map((f) => ({ path: f, message: tr('catalogue.fieldRequired') })));
    if (rec.classNo?.trim() && rec.bookNo?.trim()) {
      // A class + book number another cataloguer holds is refused (unless this record already had it);
      // the caller's own lock of it is released by the save.
      const lock = { classCode: rec.classNo, bookNo: rec.bookNo, holder: lockHolder(userId) };
      if (!(await sameCallNumber(tx, scope, id, rec))) await assertNotLockedByOther(tx, scope, lock);
      await unlockBookNumber(tx, scope, lock);
    }
    return rec;
  };
}

/**
 * What circulation needs of a copy to pick its loan rule: the record's resource type and where the copy is.
 * Pass the loan's transaction; the copy id comes from a scoped look-up (or pass `scope`).
 */
export async function copyCircInfo(tx: Db, copyId: number, scope?: Scope) {
  const cond = eq(copy.id, copyId);
  const [row] = await tx
    .select({
      copyId: copy.id,
      recordId: copy.recordId,
      resourceTypeId: catalogueRecord.resourceTypeId,
      branchId: copy.branchId,
      locationId: copy.locationId,
      circState: copy.circState,
      storeType: copy.storeType,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope ? scope.where(copy, cond) : cond)
    .limit(1);
  return row ?? null;
}
