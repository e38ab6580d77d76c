import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { seedAll } from '../apps/server/src/db/seed.ts';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens.ts';
import { appUser } from '../apps/server/src/modules/auth/user.table.ts';
import { writeIso2709 } from '../apps/server/src/modules/marc/lib/iso2709-writer.ts';
import { storeUpload } from '../apps/server/src/modules/upload/upload.service.ts';
import { P } from '../packages/contracts/src/common/paths.ts';
import { report } from './stats.ts';

const N = 20_000;
const TITLES = ['红楼梦', '三国演义', 'Pride and prejudice', '西游记', '水浒传', '十万个为什么', 'Charlotte’s web'];

/** A school-library MARC21 record with a unique valid ISBN-13, so every record is imported. */
function synth(i: number): MarcRecord {
  const sf = (tag: string, ...pairs: string[]) => ({
    tag,
    ind1: ' ',
    ind2: ' ',
    subfields: pairs.map((p) => ({ code: p[0], value: p.slice(1) })),
  });
  const body = `978${String(7_000_000_000 + i).slice(1)}`.slice(0, 12);
  const sum = [...body].reduce((s, d, k) => s + Number(d) * (k % 2 ? 3 : 1), 0);
  const isbn = `${body}${(10 - (sum % 10)) % 10}`;
  return {
    leader: '00000nam a2200000   4500',
    fields: [
      { tag: '001', value: String(1_000_000 + i) },
      { tag: '008', value: '240101s2024    cc a          000 0 chi d' },
      sf('020', `a${isbn}`, 'cCNY36.00'),
      sf('084', `aI247.5${i % 10}`, '2clc'),
      sf('100', 'a曹雪芹', 'd1715-1763'),
      sf('245', `a${TITLES[i % TITLES.length]} 第${i}卷 /`, 'c曹雪芹著'),
      sf('260', 'a北京 :', 'b人民文学出版社,', 'c2024'),
      sf('300', 'a356页 :', 'b插图 ;', 'c21cm'),
      sf('520', 'aA classic novel of eighteenth-century China, annotated for young readers.'),
      sf('650', 'a章回小说', 'y清代', 'z中国'),
    ],
  };
}

/** `npm run bench marc-import`: a 20k-record file through P/Marc/Import (job, mapping, indexing) on PGlite. */
export async function benchMarcImport() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-marc-'));
  const config = { ...loadConfig({}), adminPassword: 'Bench#2026pw', loginCaptcha: false, webDist: '/x', dataDir };
  const database = await openDatabase({});
  await runMigrations(database);
  await seedAll(database.db, config);
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const [u] = await database.db.select().from(appUser).orderBy(appUser.id).limit(1);
    const headers = { authorization: `Bearer ${await issueAccessToken(database.db, { userId: u.id })}` };
    const call = async (url: string, payload: Record<string, unknown>) =>
      (
        await app.inject({ method: 'POST', url, headers: { ...headers, schoolid: String(u.schoolId) }, payload })
      ).json();
    const file = Buffer.concat(Array.from({ length: N }, (_, i) => writeIso2709(synth(i))));
    const { url } = await storeUpload(app, u.schoolId, 'bench.mrc', file);
    const t0 = performance.now();
    const start = await call(`${P}/Marc/Import`, { fileUrl: url, duplicatePolicy: 'skip' });
    let job: { State: number } | undefined;
    while (!(job && job.State >= 2)) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await call(`${P}/Config/GetProgress`, { DataID: start.data.DataID })).data;
    }
    const secs = (performance.now() - t0) / 1000;
    if (job.State !== 2) throw new Error(`import task ended in state ${job.State}`);
    return report('MARC import via job (PGlite, indexed)', N / secs, 'rec/s', 2000, 'higher');
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMarcImport();
