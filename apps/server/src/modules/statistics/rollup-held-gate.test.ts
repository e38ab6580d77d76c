import { P } from '@shuyuan/contracts/common/paths';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { gateEvent } from '../gate/gate.table.ts';

const t = useTestApp();
const rows = (r: any) => (r.rows ?? r) as any[];

/** held_record as stored (rows holding copies) and as counted again from the copies and their records. */
async function held(schoolId: number) {
  const stored = await t.db.execute(sql`select record_id, location_id, class_letter, resource_type_id, language,
      copies, own_fen + unpriced * coalesce(price_fen, 0) as value from held_record
    where school_id = ${schoolId} and copies <> 0 order by 1, 2`);
  const recount = await t.db.execute(sql`select c.record_id, coalesce(c.location_id, 0) as location_id,
      upper(left(r.class_no, 1)) as class_letter, coalesce(r.resource_type_id, 0) as resource_type_id, r.language,
      count(*)::int as copies, sum(coalesce(c.unit_price_fen, r.price_fen, 0))::int as value
    from copy c join catalogue_record r on r.id = c.record_id
    where c.school_id = ${schoolId} and c.store_type not in (3, 4, 6) group by 1, 2, 3, 4, 5 order by 1, 2`);
  const letters = await t.db.execute(sql`select class_letter, copies, titles, value_fen::int as value from held_letter
    where school_id = ${schoolId} and (copies <> 0 or titles <> 0 or value_fen <> 0) order by 1`);
  const lettersRecount =
    await t.db.execute(sql`select upper(left(r.class_no, 1)) as class_letter, count(*)::int as copies,
      count(distinct r.id)::int as titles, sum(coalesce(c.unit_price_fen, r.price_fen, 0))::int as value
    from copy c join catalogue_record r on r.id = c.record_id
    where c.school_id = ${schoolId} and c.store_type not in (3, 4, 6) group by 1 order by 1`);
  expect(rows(letters)).toEqual(rows(lettersRecount));
  return { stored: rows(stored), recount: rows(recount) };
}

/** The gate rollups as stored and as counted again from the passes (school days and hours). */
async function gate(schoolId: number) {
  const local = `(g.at at time zone s.time_zone)`;
  const q = (text: string) => t.db.execute(sql.raw(text)).then(rows);
  return {
    hours: await q(`select day::text, hour::int, ins, outs from gate_hour where school_id = ${schoolId}
      and (ins <> 0 or outs <> 0) order by 1, 2`),
    hoursRecount: await q(`select (${local})::date::text as day, extract(hour from ${local})::int as hour,
        count(*) filter (where kind = 'in')::int as ins, count(*) filter (where kind = 'out')::int as outs
      from gate_event g join school s on s.id = g.school_id where g.school_id = ${schoolId} and kind in ('in', 'out')
      group by 1, 2 order by 1, 2`),
    readers: await q(
      `select day::text, user_id, ins, hours from gate_reader_day where school_id = ${schoolId} order by 1, 2`,
    ),
    readersRecount: await q(`select (${local})::date::text as day, user_id, count(*)::int as ins,
        bit_or(1 << extract(hour from ${local})::int) as hours
      from gate_event g join school s on s.id = g.school_id
      where g.school_id = ${schoolId} and kind = 'in' and user_id is not null group by 1, 2 order by 1, 2`),
  };
}

describe('the held-copy and gate rollups', () => {
  it('held copies per record and location equal a recount after adding, moving, weeding, repricing and deleting', async () => {
    const scope = new Scope(t.schoolId);
    const [r1, r2, r3] = await t.db
      .insert(catalogueRecord)
      .values([
        scope.values({ title: '城南旧事', classNo: 'I287', priceFen: 2500, language: 'chi' }),
        scope.values({ title: '昆虫记', classNo: 'q96', language: 'chi' }),
        scope.values({ title: '无类号', classNo: '' }),
      ])
      .returning();
    const cs = await t.db
      .insert(copy)
      .values([
        scope.values({ recordId: r1.id, barcode: 'H1', storeType: 2 }),
        scope.values({ recordId: r1.id, barcode: 'H2', storeType: 2, unitPriceFen: 3000 }),
        scope.values({ recordId: r2.id, barcode: 'H3', storeType: 2, unitPriceFen: 1800 }),
        scope.values({ recordId: r2.id, barcode: 'H4', storeType: 4 }), // a purchase suggestion: not held
        scope.values({ recordId: r3.id, barcode: 'H5', storeType: 1 }),
      ])
      .returning();
    expect((await held(t.schoolId)).stored).toEqual((await held(t.schoolId)).recount);
    // The desk's state change fires nothing; weeding, a loss and a move of location do.
    await t.db.update(copy).set({ circState: 'borrowed' }).where(sql`${copy.id} = ${cs[0].id}`);
    await t.db.update(copy).set({ storeType: 3 }).where(sql`${copy.id} = ${cs[2].id}`);
    await t.db.update(copy).set({ storeType: 6 }).where(sql`${copy.id} = ${cs[4].id}`);
    await t.db.update(copy).set({ storeType: 2 }).where(sql`${copy.id} = ${cs[3].id}`);
    await t.db.update(copy).set({ locationId: 7 }).where(sql`${copy.id} = ${cs[1].id}`);
    // A copy priced, another moved to another record; the record reclassified and repriced.
    await t.db.update(copy).set({ unitPriceFen: 999 }).where(sql`${copy.id} = ${cs[0].id}`);
    await t.db.update(copy).set({ recordId: r1.id }).where(sql`${copy.id} = ${cs[3].id}`);
    await t.db
      .update(catalogueRecord)
      .set({ classNo: 'K209', priceFen: 4000, language: 'eng' })
      .where(sql`${catalogueRecord.id} = ${r1.id}`);
    await t.db.update(copy).set({ storeType: 2 }).where(sql`${copy.id} = ${cs[4].id}`); // found again
    await t.db.delete(copy).where(sql`${copy.id} = ${cs[1].id}`);
    const after = await held(t.schoolId);
    expect(after.stored).toEqual(after.recount);
    // By hand: 城南旧事 now K, two copies in no location (H1 at 9.99, H4 at the record's 40.00); 无类号 H5 found.
    expect(after.stored.map((r) => [r.record_id, r.location_id, r.class_letter, r.copies, r.value])).toEqual([
      [r1.id, 0, 'K', 2, 999 + 4000],
      [r3.id, 0, '', 1, 0],
    ]);
    // A deleted record takes its rows with it: its copies first, or with it (the cascade).
    await t.db.delete(copy).where(sql`${copy.recordId} = ${r3.id}`);
    await t.db.delete(catalogueRecord).where(sql`${catalogueRecord.id} = ${r3.id}`);
    await t.db.delete(catalogueRecord).where(sql`${catalogueRecord.id} = ${r1.id}`);
    const gone = await held(t.schoolId);
    expect(gone.stored).toEqual(gone.recount);
    expect(gone.stored).toEqual([]);
  });

  it('two cataloguers adding copies of one record at once: one title, two copies', async () => {
    const scope = new Scope(t.schoolId);
    const [r] = await t.db
      .insert(catalogueRecord)
      .values(scope.values({ title: '并发著录', classNo: 'Z12' }))
      .returning();
    // Each adds a copy in its own place and holds its transaction open a moment: the second waits for the first.
    const add = (barcode: string, locationId: number) =>
      t.db.transaction(async (tx) => {
        await tx.insert(copy).values(scope.values({ recordId: r.id, barcode, storeType: 2, locationId }));
        await new Promise((done) => setTimeout(done, 300));
      });
    await Promise.all([add('HC1', 1), add('HC2', 2)]);
    const both = await held(t.schoolId);
    expect(both.stored).toEqual(both.recount);
    const [z] = rows(
      await t.db.execute(
        sql`select copies, titles from held_letter where school_id = ${t.schoolId} and class_letter = 'Z'`,
      ),
    );
    expect(z).toEqual({ copies: 2, titles: 1 });
  });

  it('passes per day and hour and readers per day equal a recount, also after a time-zone change', async () => {
    const scope = new Scope(t.schoolId);
    const [a, b] = await t.db
      .insert(appUser)
      .values([
        scope.values({ account: 'g1', name: '甲', identity: 'student' }),
        scope.values({ account: 'g2', name: '乙', identity: 'student' }),
      ])
      .returning();
    const pass = (kind: string, at: string, userId: number | null = null) =>
      scope.values({ kind, at: new Date(at), source: userId ? 'card' : 'gate', userId });
    // One statement of several passes (a device's buffer); 23:30 UTC is the next day in Shanghai.
    await t.db
      .insert(gateEvent)
      .values([
        pass('in', '2026-03-02T01:10:00Z', a.id),
        pass('in', '2026-03-02T01:50:00Z', a.id),
        pass('out', '2026-03-02T02:10:00Z', a.id),
        pass('in', '2026-03-02T06:00:00Z', a.id),
        pass('in', '2026-03-02T23:30:00Z', b.id),
        pass('in', '2026-03-02T23:40:00Z'),
        pass('alarm', '2026-03-02T23:45:00Z'),
      ]);
    await t.db.insert(gateEvent).values(pass('in', '2026-03-03T00:20:00Z', b.id));
    const first = await gate(t.schoolId);
    expect(first.hours).toEqual(first.hoursRecount);
    expect(first.readers).toEqual(first.readersRecount);
    // By hand (Shanghai): 甲 entered at 9:10, 9:50 and 14:00 on 2 March; 乙 at 7:30 and 8:20 on 3 March.
    expect(first.readers.map((r) => [r.day, r.user_id, r.ins, r.hours])).toEqual([
      ['2026-03-02', a.id, 3, (1 << 9) | (1 << 14)],
      ['2026-03-03', b.id, 2, (1 << 7) | (1 << 8)],
    ]);
    expect(first.hours.map((r) => [r.day, r.hour, r.ins, r.outs])).toEqual([
      ['2026-03-02', 9, 2, 0],
      ['2026-03-02', 10, 0, 1],
      ['2026-03-02', 14, 1, 0],
      ['2026-03-03', 7, 2, 0],
      ['2026-03-03', 8, 1, 0],
    ]);
    // A pass moved and one removed (corrections by hand in the database): those days are counted again.
    await t.db.execute(sql`update gate_event set at = at + interval '1 day' where user_id = ${a.id} and kind = 'out'`);
    await t.db.execute(sql`delete from gate_event where user_id = ${b.id} and at = '2026-03-03T00:20:00Z'`);
    const fixed = await gate(t.schoolId);
    expect(fixed.hours).toEqual(fixed.hoursRecount);
    expect(fixed.readers).toEqual(fixed.readersRecount);
    // The visits report reads the rollups: 甲 on 2 March (9:10, 9:50, 14:00, out on the 3rd at 10:10), 乙 and an
    // unnamed pass at 7:30 and 7:40 on 3 March.
    const march = { period: 'custom', from: '2026-03-01', to: '2026-03-31' };
    const visits = async (by: string) => {
      const r = await t.post(`${P}/Statistics/Visits`, { ...march, by });
      expect(r.json.success, r.json.msg).toBe(true);
      return r.json.data;
    };
    const byHour = await visits('hour');
    expect(byHour.List.filter((r: any) => r.ins || r.outs)).toEqual([
      { key: '7', ins: 2, outs: 0, readers: 1 },
      { key: '9', ins: 2, outs: 0, readers: 1 },
      { key: '10', ins: 0, outs: 1, readers: 0 },
      { key: '14', ins: 1, outs: 0, readers: 1 },
    ]);
    expect(byHour.total).toEqual({ ins: 5, outs: 1, readers: 2, peakHour: 7 });
    const byDay = await visits('day');
    expect(byDay.List.filter((r: any) => r.ins || r.outs)).toEqual([
      { key: '2026-03-02', ins: 3, outs: 0, readers: 1 },
      { key: '2026-03-03', ins: 2, outs: 1, readers: 1 },
    ]);
    expect((await visits('month')).List).toEqual([{ key: '2026-03', ins: 5, outs: 1, readers: 2 }]);
    // The school's time zone changes: its days and hours move.
    await t.db.execute(sql`update school set time_zone = 'UTC' where id = ${t.schoolId}`);
    const utc = await gate(t.schoolId);
    expect(utc.hours).toEqual(utc.hoursRecount);
    expect(utc.readers).toEqual(utc.readersRecount);
    expect(utc.readers.map((r) => [r.day, r.user_id])).toEqual([
      ['2026-03-02', a.id],
      ['2026-03-02', b.id],
    ]);
  });
});
