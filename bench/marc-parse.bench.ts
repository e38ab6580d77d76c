import { Readable } from 'node:stream';
import type { MarcReadResult, MarcRecord } from '@shuyuan/contracts/marc/record';
import { readIso2709, readIso2709Stream } from '../apps/server/src/modules/marc/lib/iso2709-reader.ts';
import { writeIso2709 } from '../apps/server/src/modules/marc/lib/iso2709-writer.ts';
import { mapRecord } from '../apps/server/src/modules/marc/lib/map-record.ts';
import { readMarcXml } from '../apps/server/src/modules/marc/lib/marcxml-reader.ts';
import { writeMarcXml } from '../apps/server/src/modules/marc/lib/marcxml-writer.ts';
import { report } from './stats.ts';

const N = 100_000;
const TITLES = ['红楼梦', '三国演义', 'Pride and prejudice', '西游记', '水浒传', '十万个为什么', 'Charlotte’s web'];

/** A typical school-library record: CNMARC-like Chinese or MARC21 English, ~20 fields, ~900 bytes. */
function synth(i: number): MarcRecord {
  const sf = (tag: string, ...pairs: string[]) => ({
    tag,
    ind1: ' ',
    ind2: ' ',
    subfields: pairs.map((p) => ({ code: p[0], value: p.slice(1) })),
  });
  const t = TITLES[i % TITLES.length];
  return {
    leader: '00000nam a2200000   4500',
    fields: [
      { tag: '001', value: String(1_000_000 + i) },
      { tag: '005', value: '20240101120000.0' },
      { tag: '008', value: '240101s2024    cc a          000 0 chi d' },
      sf('020', `a97870200${String(i % 10000).padStart(4, '0')}`, 'cCNY36.00'),
      sf('040', 'aNLC', 'bchi', 'cNLC'),
      sf('041', 'achi'),
      sf('084', `aI247.5${i % 10}`, '2clc'),
      sf('100', 'a曹雪芹', 'd1715-1763'),
      sf('245', `a${t} 第${i}卷 /`, 'c曹雪芹著 ; 高鹗续'),
      sf('250', 'a第3版'),
      sf('260', 'a北京 :', 'b人民文学出版社,', 'c2024'),
      sf('300', 'a356页 :', 'b插图 ;', 'c21cm'),
      sf('490', 'a中国古典文学读本丛书'),
      sf('500', 'a本书根据庚辰本校注，附有人物关系表与大事年表，适合中学生阅读。'),
      sf('520', 'aA classic novel of eighteenth-century China, annotated for young readers.'),
      sf('650', 'a章回小说', 'y清代', 'z中国'),
      sf('650', 'aChinese fiction', 'yQing dynasty, 1644-1912'),
      sf('700', 'a高鹗', 'd1738-1815'),
      sf('905', `a${String(i).padStart(8, '0')}`, 'bmain'),
    ],
  };
}

/** `npm run bench marc-parse`: ISO 2709 and MARCXML parse rates on 100k synthetic records (budget ≥ 20,000/s). */
export async function benchMarcParse() {
  const parts: Buffer[] = [];
  for (let i = 0; i < N; i++) parts.push(writeIso2709(synth(i)));
  const file = Buffer.concat(parts);
  console.log(`  ${N} records, ${(file.length / 1e6).toFixed(1)} MB ISO 2709`);

  await rate('ISO 2709 parse (buffer)', () => count(readIso2709(file)));
  const chunks: Buffer[] = [];
  for (let i = 0; i < file.length; i += 64 * 1024) chunks.push(file.subarray(i, i + 64 * 1024));
  await rate('ISO 2709 parse (stream, 64 KB chunks)', () => countAsync(readIso2709Stream(Readable.from(chunks))));
  await rate('ISO 2709 parse + map to catalogue fields', () => {
    let n = 0;
    for (const r of readIso2709(file)) if (r.ok && mapRecord(r.record).title) n++;
    return n;
  });
  const xml = writeMarcXml(Array.from({ length: N / 4 }, (_, i) => synth(i)));
  await rate('MARCXML parse', () => count(readMarcXml(xml)));
}

function count(rs: Iterable<MarcReadResult>): number {
  let n = 0;
  for (const r of rs) if (r.ok) n++;
  return n;
}
async function countAsync(rs: AsyncIterable<MarcReadResult>): Promise<number> {
  let n = 0;
  for await (const r of rs) if (r.ok) n++;
  return n;
}

/**
 * Records per second of wall time, and per second of CPU time: on a shared machine the second is the
 * steadier figure (other processes take wall time, not our CPU time).
 */
async function rate(name: string, fn: () => number | Promise<number>) {
  const t = performance.now();
  const c = process.cpuUsage();
  const n = await fn();
  const cpu = process.cpuUsage(c);
  report(name, n / ((performance.now() - t) / 1000), 'rec/s', 20_000, 'higher');
  report(`${name} per CPU second`, n / ((cpu.user + cpu.system) / 1e6), 'rec/s', 20_000, 'higher');
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMarcParse();
