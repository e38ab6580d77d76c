import { randomBytes } from 'node:crypto';
import { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { branch } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { createRecord } from '../catalogue/catalogue.service.ts';
import { copy } from '../catalogue/catalogue.table.ts';

/** Test data for the public site: a branch with a location, records (with their search document) and copies. */
export async function makeLocation(
  db: Db,
  scope: Scope,
  name: string,
  over: Partial<typeof location.$inferInsert> = {},
) {
  const code = randomBytes(3).toString('hex');
  const [b] = await db
    .insert(branch)
    .values(scope.values({ name: `Branch ${code}`, code }))
    .returning();
  const [l] = await db
    .insert(location)
    .values(scope.values({ branchId: b.id, name, code, ...over }))
    .returning();
  return { branchId: b.id, locationId: l.id };
}

export async function makeRecord(
  db: Db,
  scope: Scope,
  fields: Partial<RecordCreate> & { title: string },
  copies: { locationId?: number; branchId?: number; callNo?: string; storeType?: number }[] = [],
): Promise<{ id: number; barcodes: string[] }> {
  const { id } = await createRecord(db, scope, RecordCreate.parse(fields));
  const barcodes: string[] = [];
  for (const c of copies) {
    const barcode = `T${randomBytes(5).toString('hex')}`;
    await db.insert(copy).values(scope.values({ recordId: id, barcode, storeType: 2, ...c }));
    barcodes.push(barcode);
  }
  return { id, barcodes };
}
