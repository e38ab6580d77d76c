import { P } from '@shuyuan/contracts/common/paths';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';

const t = useTestApp();
const rows = (r: any) => (r.rows ?? r) as any[];

/** accession_record as stored and as counted again from the copies, their records, batches and schools. */
async function accessions(schools: number[]) {
  const ids = sql.join(
    schools.map((s) => sql`${s}`),
    sql`, `,
  );
  const stored = await t.db.execute(sql`select school_id, record_id, batch_id, day::text as day, class_letter,
      copies, (own_fen + unpriced * coalesce(price_fen, 0))::int as value
    from accession_record where school_id in (${ids}) order by 1, 2, 3, 4`);
  const recount = await t.db.execute(sql`select c.school_id, c.record_id, coalesce(c.batch_id, 0) as batch_id,
      coalesce(b.accepted_on, (c.created_at at time zone s.time_zone)::date)::text as day,
      upper(left(r.class_no, 1)) as class_letter, count(*)::int as copies,
      sum(coalesce(c.unit_price_fen, r.price_fen, 0))::int as value
    from copy c join catalogue_record r on r.id = c.record_id join school s on s.id = c.school_id
      left join acceptance_batch b on b.id = c.batch_id
    where c.school_id in (${ids}) and c.store_type <> 4 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4`);
  return { stored: rows(stored), recount: rows(recount) };
}

async function exact(schools: number[]) {
  const a = await accessions(schools);
  expect(a.stored).toEqual(a.recount);
  return a.stored;
}

describe('the accession rollup (summary ledger)', () => {
  it('equals a recount through accession, edits, weeding, loss, deletion, batches, moves and a time-zone change', async () => {
    const s1 = await buildSchool(t.db);
    const s2 = await buildSchool(t.db);
    const [one, two] = [new Scope(s1), new Scope(s2)];
    const [r1, r2, r3] = await t.db
      .insert(catalogueRecord)
      .values([
        one.values({ title: '城南旧事', classNo: 'I287', priceFen: 2500 }),
        one.values({ title: '昆虫记', classNo: 'q96' }),
        one.values({ title: '无类号', classNo: '', priceFen: 1000 }),
      ])
      .returning();
    const [r4] = await t.db
      .insert(catalogueRecord)
      .values(two.values({ title: '他校', classNo: 'K20', priceFen: 4000 }))
      .returning();
    const [k1, k2] = await t.db
      .insert(acceptanceBatch)
      .values([one.values({ batchNo: 'A1', acceptedOn: '2026-03-10' }), one.values({ batchNo: 'A2' })])
      .returning();
    const at = (s: string) => new Date(s);
    // One statement of several copies: batched, unbatched (23:30 UTC is the next day in Shanghai), a suggestion.
    const cs = await t.db
      .insert(copy)
      .values([
        one.values({ recordId: r1.id, barcode: 'L1', storeType: 2, batchId: k1.id }),
        one.values({ recordId: r1.id, barcode: 'L2', storeType: 2, batchId: k1.id, unitPriceFen: 3000 }),
        one.values({
          recordId: r2.id,
          barcode: 'L3',
          storeType: 2,
          batchId: k2.id,
          createdAt: at('2026-04-01T03:00Z'),
        }),
        one.values({
          recordId: r2.id,
          barcode: 'L4',
          storeType: 2,
          batchId: k2.id,
          createdAt: at('2026-04-02T03:00Z'),
        }),
        one.values({ recordId: r3.id, barcode: 'L5', storeType: 2, createdAt: at('2026-04-01T23:30Z') }),
        one.values({ recordId: r3.id, barcode: 'L6', storeType: 4, createdAt: at('2026-04-01T20:00Z') }),
        one.values({ recordId: r1.id, barcode: 'L7', storeType: 1, createdAt: at('2026-04-01T10:00Z') }),
      ])
      .returning();
    const c = Object.fromEntries(cs.map((x: any) => [x.barcode, x]));
    const first = await exact([s1, s2]);
    // By hand: A1 on its acceptance day (L1 at the record's 25.00, L2 at its own 30.00); A2 not accepted: its
    // copies on their creation days; L5 on 2 April in Shanghai; the suggestion L6 not at all.
    expect(first.map((r) => [r.record_id, r.batch_id, r.day, r.class_letter, r.copies, r.value])).toEqual([
      [r1.id, 0, '2026-04-01', 'I', 1, 2500],
      [r1.id, k1.id, '2026-03-10', 'I', 2, 5500],
      [r2.id, k2.id, '2026-04-01', 'Q', 1, 0],
      [r2.id, k2.id, '2026-04-02', 'Q', 1, 0],
      [r3.id, 0, '2026-04-02', '', 1, 1000],
    ]);
    const set = async (barcode: string, values: Partial<typeof copy.$inferInsert>) => {
      await t.db.update(copy).set(values).where(sql`${copy.id} = ${c[barcode].id}`);
      await exact([s1, s2]);
    };
    // The desk's state change, a move of location, weeding and a loss change no accession.
    await set('L1', { circState: 'borrowed', locationId: 3 });
    await set('L2', { storeType: 3 });
    await set('L3', { storeType: 6 });
    // Prices, a copy moved to another record and to another batch, the suggestion accepted.
    await set('L1', { unitPriceFen: 999 });
    await set('L2', { unitPriceFen: null });
    await set('L4', { recordId: r1.id });
    await set('L7', { batchId: k1.id });
    await set('L6', { storeType: 2 });
    await set('L5', { storeType: 4 });
    // The records reclassified and repriced.
    await t.db
      .update(catalogueRecord)
      .set({ classNo: 'K209', priceFen: 4000 })
      .where(sql`${catalogueRecord.id} = ${r1.id}`);
    await t.db.update(catalogueRecord).set({ priceFen: 1200 }).where(sql`${catalogueRecord.id} = ${r2.id}`);
    await exact([s1, s2]);
    // A2 accepted, then A1's day corrected, then A1 deleted: its copies fall back to their creation days.
    await t.db.update(acceptanceBatch).set({ acceptedOn: '2026-04-05' }).where(sql`${acceptanceBatch.id} = ${k2.id}`);
    await exact([s1, s2]);
    await t.db.update(acceptanceBatch).set({ acceptedOn: '2026-03-11' }).where(sql`${acceptanceBatch.id} = ${k1.id}`);
    await exact([s1, s2]);
    await t.db.delete(acceptanceBatch).where(sql`${acceptanceBatch.id} = ${k1.id}`);
    const noBatch = await exact([s1, s2]);
    expect(noBatch.filter((r) => r.batch_id === k1.id).map((r) => r.day)).not.toContain('2026-03-11');
    // A copy moved to the other school with its record's twin there; copies deleted one by one and with a record.
    await set('L1', { schoolId: s2, recordId: r4.id });
    await t.db.delete(copy).where(sql`${copy.id} = ${c.L3.id}`);
    await exact([s1, s2]);
    await t.db.delete(catalogueRecord).where(sql`${catalogueRecord.id} = ${r2.id}`);
    await exact([s1, s2]);
    // The school's time zone changes: its creation days move (L6, 20:00 UTC, back to 1 April).
    expect(noBatch.find((r) => r.record_id === r3.id)?.day).toBe('2026-04-02');
    await t.db.execute(sql`update school set time_zone = 'UTC' where id = ${s1}`);
    const utc = await exact([s1, s2]);
    // L7 on 1 April and L2 today (A1 gone), L4 on A2's day, L6, and L1 in the other school today.
    expect(utc.map((r) => [r.school_id, r.record_id, r.batch_id, r.class_letter, r.copies, r.value])).toEqual([
      [s1, r1.id, k1.id, 'K', 1, 4000],
      [s1, r1.id, k1.id, 'K', 1, 4000],
      [s1, r1.id, k2.id, 'K', 1, 4000],
      [s1, r3.id, 0, '', 1, 1000],
      [s2, r4.id, k1.id, 'K', 1, 999],
    ]);
    expect([utc[0].day, utc[2].day, utc[3].day]).toEqual(['2026-04-01', '2026-04-05', '2026-04-01']);
  });

  it('two cataloguers adding copies of one record to one batch at once: one row, both copies', async () => {
    const scope = new Scope(t.schoolId);
    const [r] = await t.db
      .insert(catalogueRecord)
      .values(scope.values({ title: '并发入藏', classNo: 'Z12', priceFen: 500 }))
      .returning();
    const [k] = await t.db
      .insert(acceptanceBatch)
      .values(scope.values({ batchNo: 'C1', acceptedOn: '2026-05-01' }))
      .returning();
    const add = (barcode: string) =>
      t.db.transaction(async (tx) => {
        await tx.insert(copy).values(scope.values({ recordId: r.id, barcode, storeType: 2, batchId: k.id }));
        await new Promise((done) => setTimeout(done, 300));
      });
    await Promise.all([add('LC1'), add('LC2')]);
    const both = await exact([t.schoolId]);
    expect(both.filter((x) => x.record_id === r.id).map((x) => [x.day, x.copies, x.value])).toEqual([
      ['2026-05-01', 2, 1000],
    ]);
  });

  it('the ledger of a period reads the rollup: accessions by batch and day, titles, the opening holdings', async () => {
    const school = await buildSchool(t.db);
    const scope = new Scope(school);
    const { token } = await buildUser(t.db, school, { permissions: ['*'] });
    const [ra, rb] = await t.db
      .insert(catalogueRecord)
      .values([
        scope.values({ title: 'RA', classNo: 'I247', priceFen: 2000 }),
        scope.values({ title: 'RB', classNo: 'TP3' }),
      ])
      .returning();
    // A batch not accepted whose copies of one record came on two days: one title in its line.
    const [k] = await t.db
      .insert(acceptanceBatch)
      .values(scope.values({ batchNo: 'N1' }))
      .returning();
    await t.db
      .insert(copy)
      .values([
        scope.values({ recordId: ra.id, barcode: 'N1', batchId: k.id, createdAt: new Date('2026-02-27T02:00Z') }),
        scope.values({ recordId: ra.id, barcode: 'N2', batchId: k.id, createdAt: new Date('2026-03-02T02:00Z') }),
        scope.values({ recordId: ra.id, barcode: 'N3', batchId: k.id, createdAt: new Date('2026-03-03T02:00Z') }),
        scope.values({ recordId: rb.id, barcode: 'N4', unitPriceFen: 700, createdAt: new Date('2026-03-03T03:00Z') }),
        scope.values({ recordId: ra.id, barcode: 'N5', createdAt: new Date('2026-03-03T04:00Z') }),
      ]);
    const r = await t.post(
      `${P}/Statistics/Ledger`,
      { period: 'custom', from: '2026-03-01', to: '2026-03-31' },
      { token, schoolId: school },
    );
    expect(r.json.success, r.json.msg).toBe(true);
    const d = r.json.data;
    expect(d.opening).toEqual({ copies: 1, valueFen: 2000 });
    expect(d.List.map((l: any) => [l.key, l.date, l.titles, l.copies, l.valueFen, l.balanceCopies])).toEqual([
      [`b${k.id}`, '2026-03-02', 1, 2, 4000, 3],
      ['d2026-03-03', '2026-03-03', 2, 2, 2700, 5],
    ]);
    expect(d.added).toMatchObject({ copies: 4, valueFen: 6700, titles: 3 });
    expect(d.closing).toEqual({ copies: 5, valueFen: 8700 });
  });
});
