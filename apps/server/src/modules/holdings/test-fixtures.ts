import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branch } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';

/** Test data of one school, written straight to the tables (the catalogue's own tests cover its API). */
export function fixtures(db: Db, schoolId: number) {
  const uid = () => randomBytes(3).toString('hex');
  return {
    async branch(name = `Branch ${uid()}`) {
      const [b] = await db.insert(branch).values({ schoolId, name, code: uid() }).returning();
      return b;
    },
    async location(branchId: number, name = `Location ${uid()}`) {
      const [l] = await db.insert(location).values({ schoolId, branchId, name, code: uid() }).returning();
      return l;
    },
    async batch(discountRate?: string) {
      const [b] = await db
        .insert(acceptanceBatch)
        .values({ schoolId, batchNo: `B${uid()}`, discountRate: discountRate ?? null })
        .returning();
      return b;
    },
    async record(over: Partial<typeof catalogueRecord.$inferInsert> = {}) {
      const [r] = await db
        .insert(catalogueRecord)
        .values({ schoolId, title: `Title ${uid()}`, ...over })
        .returning();
      return r;
    },
    async copies(recordId: number, n: number, over: Partial<typeof copy.$inferInsert> = {}) {
      const prefix = `T${uid()}`;
      return db
        .insert(copy)
        .values(Array.from({ length: n }, (_, i) => ({ schoolId, recordId, barcode: `${prefix}${i + 1}`, ...over })))
        .returning();
    },
    /** Lends a copy: an open loan and the state borrowed, as circulation leaves it. */
    async lend(c: { id: number; recordId: number }, userId: number) {
      await db.insert(loan).values({ schoolId, copyId: c.id, recordId: c.recordId, userId, dueDate: '2099-01-01' });
      await db.update(copy).set({ circState: 'borrowed' }).where(eq(copy.id, c.id));
    },
  };
}
