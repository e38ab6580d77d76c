import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';

/** A location of the school (branch 1). */
export async function makeLocation(db: Db, scope: Scope, name: string): Promise<number> {
  const [l] = await db
    .insert(location)
    .values(scope.values({ branchId: 1, name, code: `L${randomBytes(3).toString('hex')}` }))
    .returning({ id: location.id });
  return l.id;
}

/** One copy per call number, each of its own record, in a location, circulation store (2). */
export async function shelf(
  db: Db,
  scope: Scope,
  locationId: number | null,
  callNos: string[],
  over: Partial<typeof copy.$inferInsert> = {},
): Promise<string[]> {
  const out: string[] = [];
  for (const callNo of callNos) {
    const [r] = await db
      .insert(catalogueRecord)
      .values(scope.values({ title: `Book ${callNo}`, priceFen: 2500 }))
      .returning({ id: catalogueRecord.id });
    const barcode = `S${randomBytes(4).toString('hex')}`;
    await db.insert(copy).values(scope.values({ recordId: r.id, barcode, callNo, locationId, storeType: 2, ...over }));
    out.push(barcode);
  }
  return out;
}
