import { count, eq } from 'drizzle-orm';
import { DEFAULT_RESOURCE_TYPES } from '@shuyuan/contracts/basic/resource-type';
import type { Db } from '../../db/client.ts';
import { Scope } from '../../platform/tenancy.ts';
import type { SeedContext } from '../index.ts';
import { school } from '../school/school.table.ts';
import { branch, resourceType } from './branch.table.ts';
import { location } from './location.table.ts';
import { shelf, shelfArea } from './shelf.table.ts';

/**
 * Defaults every school needs: the standard resource types. Idempotent; called at start for schools that
 * have none (e.g. created through /sys/company since), and may be called right after creating a school.
 */
export async function ensureSchoolBasics(db: Db, schoolId: number): Promise<void> {
  const scope = new Scope(schoolId);
  const [{ n }] = await db.select({ n: count() }).from(resourceType).where(scope.where(resourceType));
  if (n > 0) return;
  await db
    .insert(resourceType)
    .values(DEFAULT_RESOURCE_TYPES.map((t, i) => scope.values({ ...t, sort: (i + 1) * 10 })))
    .onConflictDoNothing();
}

/** Demo data for the demo school on the first run: a main branch, three locations with shelves. */
async function seedDemo(db: Db, schoolId: number): Promise<void> {
  const scope = new Scope(schoolId);
  await db.transaction(async (tx) => {
    const [main] = await tx
      .insert(branch)
      .values(
        scope.values({ name: '总馆', code: 'ZG', address: '示范路 1 号图书馆楼', contact: '王老师', isDefault: true }),
      )
      .returning();
    const locs = await tx
      .insert(location)
      .values([
        scope.values({ branchId: main.id, name: '图书流通室', code: 'LT', shelfFrom: 'A01', shelfTo: 'A20', sort: 10 }),
        scope.values({ branchId: main.id, name: '期刊阅览室', code: 'QK', shelfFrom: 'B01', shelfTo: 'B08', sort: 20 }),
        scope.values({
          branchId: main.id,
          name: '低年级绘本区',
          code: 'HB',
          shelfFrom: 'C01',
          shelfTo: 'C10',
          sort: 30,
        }),
      ])
      .returning();
    await tx.insert(shelf).values(
      [1, 2, 3].map((i) =>
        scope.values({
          locationId: locs[0].id,
          code: `A0${i}`,
          barcode: `SJ-LT-0${i}`,
          faces: 2,
          layers: 6,
          widthCm: 90,
          sort: i * 10,
        }),
      ),
    );
    await tx
      .insert(shelfArea)
      .values(scope.values({ locationId: locs[0].id, name: 'A区', code: 'A', widthCm: 1800, shelfCount: 20 }));
  });
}

export async function seedBasics(db: Db, ctx: SeedContext): Promise<void> {
  const schools = await db.select({ id: school.id, isDemo: school.isDemo }).from(school);
  for (const s of schools) await ensureSchoolBasics(db, s.id);
  if (ctx.firstRun) {
    const [demo] = await db.select({ id: school.id }).from(school).where(eq(school.isDemo, true)).limit(1);
    if (demo) await seedDemo(db, demo.id);
  }
}
