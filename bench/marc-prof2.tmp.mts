import { openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { writeIso2709 } from '../apps/server/src/modules/marc/lib/iso2709-writer.ts';
import { readMarc } from '../apps/server/src/modules/marc/lib/read-marc.ts';
import { mapRecord } from '../apps/server/src/modules/marc/lib/map-record.ts';
import { defaultMarcRules } from '../apps/server/src/modules/marc/lib/default-rules.ts';
import { toRecordCreate } from '../apps/server/src/modules/marc/marc.convert.ts';
import { createRecords } from '../apps/server/src/modules/catalogue/catalogue.service.ts';
import { catalogueRecord } from '../apps/server/src/modules/catalogue/catalogue.table.ts';
import { Scope } from '../apps/server/src/platform/tenancy.ts';
import { sql } from 'drizzle-orm';
import { synth } from './marc-synth.tmp.mts';
const N = 4000;
const file = Buffer.concat(Array.from({ length: N }, (_, i) => writeIso2709(synth(i))));
const rules = defaultMarcRules('MARC21');
const rows = [...readMarc(file)].map((r: any) => toRecordCreate(r.record, mapRecord(r.record, rules))).map((c: any) => c.row);
const database = await openDatabase(process.env.DBURL ? { url: process.env.DBURL } as any : {});
await runMigrations(database);
const db = database.db as any;
const scope = new Scope(1);
const variants: Record<string, () => Promise<void>> = {
  full: async () => { for (let i = 0; i < N; i += 500) await createRecords(db, scope, rows.slice(i, i + 500)); },
  nosearch: async () => { for (let i = 0; i < N; i += 500) await db.insert(catalogueRecord).values(rows.slice(i, i + 500).map((b: any) => scope.values({ ...b, price: undefined, priceFen: 100, subjects: b.subjects, marc: b.marc }))); },
  nomarc: async () => { for (let i = 0; i < N; i += 500) await db.insert(catalogueRecord).values(rows.slice(i, i + 500).map((b: any) => scope.values({ ...b, price: undefined, priceFen: 100, subjects: b.subjects, marc: null }))); },
};
for (let round = 0; round < 2; round++) for (const [k, f] of Object.entries(variants)) {
  await db.execute(sql`truncate catalogue_record cascade`);
  const t = performance.now(); await f(); const s = (performance.now() - t) / 1000;
  console.log(k, (N / s).toFixed(0), '/s');
}
if (!process.env.DBURL) {
  await db.execute(sql`drop index catalogue_record_search_idx`);
  await db.execute(sql`drop index catalogue_record_title_trgm_idx`);
  for (const k of ['full', 'nosearch']) { await db.execute(sql`truncate catalogue_record cascade`);
  const t = performance.now(); await variants[k](); console.log('noidx', k, (N / ((performance.now() - t) / 1000)).toFixed(0)); }
}
await database.close();
