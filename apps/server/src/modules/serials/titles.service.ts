import type { TitleCreate } from '@shuyuan/contracts/serials/title';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { Scope } from '../../platform/tenancy.ts';
import { resourceType } from '../basic/branch.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { createRecord, updateRecord } from '../catalogue/catalogue.service.ts';
import { serialIssue, serialTitle } from './serials.table.ts';

/** The school's resource type for periodicals (code 'serial', seeded as 期刊), or none if the school removed it. */
export async function periodicalTypeId(db: Db, scope: Scope): Promise<number | undefined> {
  const [row] = await db
    .select({ id: resourceType.id })
    .from(resourceType)
    .where(scope.where(resourceType, eq(resourceType.code, 'serial')))
    .limit(1);
  return row?.id;
}

/** The catalogue fields of a title: the record is found in the catalogue by title, ISSN, publisher and class. */
function recordFields(t: TitleCreate, typeId: number | undefined) {
  return {
    title: t.title,
    issn: t.issn,
    publisher: t.publisher,
    classNo: t.classNo,
    language: t.language,
    price: t.pricePerIssueFen == null ? undefined : t.pricePerIssueFen / 100,
    summary: t.note,
    resourceTypeId: typeId,
  };
}

/**
 * Creates or updates the title's catalogue record (resource type periodical) inside the title's transaction,
 * so a title is findable in the catalogue and its issues and bound volumes can become copies of it.
 */
export async function syncTitleRecord(
  db: Db,
  schoolId: number,
  row: { id: number; recordId: number | null },
  t: TitleCreate,
): Promise<number> {
  const scope = new Scope(schoolId);
  const typeId = await periodicalTypeId(db, scope);
  const fields = recordFields(t, typeId);
  if (row.recordId) {
    const [exists] = await db
      .select({ id: catalogueRecord.id })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, eq(catalogueRecord.id, row.recordId)))
      .limit(1);
    if (exists) {
      await updateRecord(db, scope, { id: row.recordId, ...fields, price: fields.price ?? null });
      return row.recordId;
    }
  }
  const rec = await createRecord(db, scope, {
    ...fields,
    parallelTitle: '',
    author: '',
    responsibility: '',
    edition: '',
    pubPlace: '',
    isbn: '',
    bookNo: '',
    coverUrl: '',
    recommended: false,
    series: '',
    subjects: [],
    readingLevel: '',
  });
  await db.update(serialTitle).set({ recordId: rec.id }).where(eq(serialTitle.id, row.id));
  return rec.id;
}

/**
 * Refuses to delete titles of which an issue has arrived (their copies are in the catalogue and may be on loan);
 * otherwise removes the titles' catalogue records too when no copy hangs on them.
 */
export async function beforeDeleteTitles(
  db: Db,
  schoolId: number,
  rows: { id: number; title: string; recordId: number | null }[],
): Promise<void> {
  const scope = new Scope(schoolId);
  const ids = rows.map((r) => r.id);
  const [arrived] = await db
    .select({ titleId: serialIssue.titleId })
    .from(serialIssue)
    .where(scope.where(serialIssue, inArray(serialIssue.titleId, ids), ne(serialIssue.arrivedCopies, 0)))
    .limit(1);
  if (arrived) {
    const title = rows.find((r) => r.id === arrived.titleId)?.title ?? '';
    throw fail('IN_USE', 'serials.title.hasArrivals', { title });
  }
  const recordIds = rows.map((r) => r.recordId).filter((id): id is number => id != null);
  if (!recordIds.length) return;
  const held = await db
    .selectDistinct({ recordId: copy.recordId })
    .from(copy)
    .where(scope.where(copy, inArray(copy.recordId, recordIds)));
  const keep = new Set(held.map((h) => h.recordId));
  const drop = recordIds.filter((id) => !keep.has(id));
  if (drop.length)
    await db.delete(catalogueRecord).where(scope.where(catalogueRecord, and(inArray(catalogueRecord.id, drop))));
}
