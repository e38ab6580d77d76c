import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sharedPath } from '../scripts/shared-data.ts';
import { type Database, MIGRATIONS_DIR } from '../apps/server/src/db/client.ts';
import { appUser } from '../apps/server/src/modules/auth/user.table.ts';
import { catalogueRecord, copy } from '../apps/server/src/modules/catalogue/catalogue.table.ts';
import { SEARCH_DOCUMENT_VERSION } from '../apps/server/src/modules/catalogue/record-document.ts';
import { loan } from '../apps/server/src/modules/circulation/circulation.table.ts';
import { buildSearchDocument, searchVectorSql } from '../apps/server/src/modules/search/lib/document.ts';
import { hashPassword } from '../apps/server/src/platform/password.ts';
import { Scope } from '../apps/server/src/platform/tenancy.ts';

/**
 * A school library at the size of the issue budgets: `records` catalogue records with their search vectors
 * (written by the same search lib as the product), `copiesPerRecord` copies each, `readers` student readers
 * and `onLoan` open loans. Titles are built from the 中图法 node names (../shared/data/clc) so the search
 * vectors hold real Chinese words, pinyin and initials; ~20% are English titles.
 *
 * Copy barcodes are `B` + 7 digits (copy n → B0000001…), reader accounts `S` + 5 digits.
 */
export interface LibrarySize {
  records: number;
  copiesPerRecord: number;
  readers: number;
  onLoan: number;
  /**
   * A year of history for the statistics bench: readers in classes of six grades, `loans` returned loans over the
   * 365 days before today (school hours, popular titles lent most, a quarter returned late), `passes` gate entries
   * and exits (60% by card) and `alarms` security-gate alarms over the same year.
   */
  history?: { loans: number; passes: number; alarms: number; classSize: number };
}

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彬鹏辉建国志宏晓东海峰子涵欣怡梓轩雨桐浩然思远';
const SUFFIXES = [
  '',
  '研究',
  '概论',
  '入门',
  '故事',
  '导读',
  '简史',
  '十讲',
  '趣谈',
  '（少儿版）',
  '百科',
  '探秘',
  '图说',
  '与生活',
];
const PUBLISHERS = [
  '人民文学出版社',
  '人民教育出版社',
  '商务印书馆',
  '中华书局',
  '科学出版社',
  '少年儿童出版社',
  '二十一世纪出版社',
  '接力出版社',
  '外语教学与研究出版社',
  'Penguin Books',
  'Scholastic',
];
const EN_WORDS =
  'adventure animal ocean forest secret garden history science space planet dragon island river mountain journey friend school music art puzzle robot castle pirate winter summer star moon sun wild little great lost hidden magic'.split(
    ' ',
  );
const FALLBACK_CLASSES: [string, string][] = [
  ['I247.5', '新体长篇、中篇小说'],
  ['I287', '儿童文学'],
  ['K209', '中国通史'],
  ['O1', '数学'],
  ['Q95', '动物学'],
  ['P1', '天文学'],
  ['G634', '中学教育'],
  ['H31', '英语'],
];

function loadClasses(): [string, string][] {
  const file = sharedPath('data/clc/clc-flat.tsv');
  if (!fs.existsSync(file)) return FALLBACK_CLASSES;
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c.length >= 3 && Number(c[2]) >= 3 && c[1] && c[1].length <= 12 && !/[、，]/.test(c[1]))
    .map((c) => [c[0], c[1]] as [string, string]);
}

/** Deterministic pseudo-random numbers, so every run builds the same library. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function isbn13(i: number): string {
  const body = `9787${String(100_000_000 + i).slice(1)}`;
  const sum = [...body].reduce((s, d, k) => s + Number(d) * (k % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export function barcodeOf(n: number): string {
  return `B${String(n).padStart(7, '0')}`;
}
export function readerOf(n: number): string {
  return `S${String(n).padStart(5, '0')}`;
}

/** A title for record i (also used by the search bench to pick queries that hit). */
export function makeTitles(n: number) {
  const classes = loadClasses();
  const r = rng(20261122);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  return Array.from({ length: n }, (_, i) => {
    const english = r() < 0.2;
    const [classNo, name] = pick(classes);
    const title = english
      ? `The ${pick(EN_WORDS)} ${pick(EN_WORDS)}${r() < 0.5 ? ` of the ${pick(EN_WORDS)}` : ''}`.replace(/^./, (c) =>
          c.toUpperCase(),
        )
      : `${name}${pick(SUFFIXES)}`;
    const author = english
      ? `${pick(EN_WORDS).replace(/^./, (c) => c.toUpperCase())}, ${pick(EN_WORDS).toUpperCase()[0]}.`
      : `${pick([...SURNAMES])}${pick([...GIVEN])}${r() < 0.5 ? pick([...GIVEN]) : ''}`;
    return {
      title,
      author,
      classNo,
      publisher: pick(PUBLISHERS),
      isbn: isbn13(i),
      pubYear: 1990 + Math.floor(r() * 36),
      language: english ? 'eng' : 'chi',
      bookNo: String(1 + (i % 300)),
    };
  });
}

async function insertLibrary(database: Database, schoolId: number, size: LibrarySize, log: (s: string) => void) {
  const { db } = database;
  const scope = new Scope(schoolId);
  const titles = makeTitles(size.records);
  const t0 = performance.now();
  const BATCH = 500;
  let firstId = 0;
  for (let i = 0; i < titles.length; i += BATCH) {
    const rows = titles.slice(i, i + BATCH).map((t) => {
      const callNo = `${t.classNo}/${t.bookNo}`;
      return scope.values({
        ...t,
        search: searchVectorSql(
          buildSearchDocument({
            title: t.title,
            author: t.author,
            publisher: t.publisher,
            isbn: t.isbn,
            callNumber: callNo,
            classNumber: t.classNo,
          }),
        ),
      });
    });
    const ids = await db.insert(catalogueRecord).values(rows).returning({ id: catalogueRecord.id });
    if (!firstId) firstId = ids[0].id;
    if (i % 20_000 === 0) log(`    records ${i}/${titles.length} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  let n = 0;
  const copyRows: (typeof copy.$inferInsert)[] = [];
  const flush = async () => {
    if (copyRows.length) await db.insert(copy).values(copyRows.splice(0));
  };
  for (let i = 0; i < titles.length; i++) {
    for (let k = 0; k < size.copiesPerRecord; k++) {
      n++;
      copyRows.push(
        scope.values({
          recordId: firstId + i,
          barcode: barcodeOf(n),
          classNo: titles[i].classNo,
          bookNo: titles[i].bookNo,
          callNo: `${titles[i].classNo}/${titles[i].bookNo}`,
          storeType: 2,
        }),
      );
      if (copyRows.length >= 1000) await flush();
    }
  }
  await flush();
  log(`    ${n} copies (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  const hash = await hashPassword('Reader#2026');
  for (let i = 0; i < size.readers; i += 1000) {
    await db.insert(appUser).values(
      Array.from({ length: Math.min(1000, size.readers - i) }, (_, k) =>
        scope.values({
          account: readerOf(i + k + 1),
          name: `读者${i + k + 1}`,
          identity: 'student',
          passwordHash: hash,
        }),
      ),
    );
  }
  // Open loans on the last copies (the benchmarks lend from the first ones), spread over the readers.
  const [{ minId }] = await db
    .select({ minId: sql<number>`min(${appUser.id})::int` })
    .from(appUser)
    .where(sql`${appUser.schoolId} = ${schoolId} and ${appUser.identity} = 'student'`);
  const [{ firstCopy }] = await db
    .select({ firstCopy: sql<number>`min(${copy.id})::int` })
    .from(copy)
    .where(sql`${copy.schoolId} = ${schoolId}`);
  const loanRows: (typeof loan.$inferInsert)[] = [];
  for (let j = 0; j < size.onLoan; j++) {
    const copyIndex = n - 1 - j;
    loanRows.push(
      scope.values({
        copyId: firstCopy + copyIndex,
        recordId: firstId + Math.floor(copyIndex / size.copiesPerRecord),
        userId: minId + (j % size.readers),
        dueDate: '2026-12-20',
      }),
    );
    if (loanRows.length >= 1000) await db.insert(loan).values(loanRows.splice(0));
  }
  if (loanRows.length) await db.insert(loan).values(loanRows);
  await db.execute(
    sql`update copy set circ_state = 'borrowed' where school_id = ${schoolId} and id in (select copy_id from loan where returned_at is null)`,
  );
  if (size.history) await insertHistory(database, schoolId, size, { firstId, firstCopy, minId, copies: n }, log);
  await database.exec('analyze');
  log(`    library ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/**
 * The year behind the statistics: classes for the readers, then loans, passes and alarms made by SQL from
 * generate_series with deterministic hashes (set-based: half a million loans in one statement each batch).
 */
async function insertHistory(
  database: Database,
  schoolId: number,
  size: LibrarySize,
  ids: { firstId: number; firstCopy: number; minId: number; copies: number },
  log: (s: string) => void,
) {
  const h = size.history!;
  const { db } = database;
  const t0 = performance.now();
  const classes = Math.max(1, Math.ceil(size.readers / h.classSize));
  await db.execute(sql`insert into grade (school_id, name, sort)
    select ${schoolId}, g || '年级(统计)', g from generate_series(1, 6) g`);
  await db.execute(sql`insert into school_class (school_id, grade_id, name, sort)
    select ${schoolId}, gr.id, ((c - 1) / 6 + 1) || '班', c
    from generate_series(1, ${classes}) c
    join grade gr on gr.school_id = ${schoolId} and gr.sort = ((c - 1) % 6) + 1 and gr.name like '%(统计)'`);
  await db.execute(sql`update app_user u set class_id = sc.id
    from school_class sc
    where u.school_id = ${schoolId} and u.identity = 'student' and sc.school_id = ${schoolId}
      and sc.sort = ((u.id - ${ids.minId}) % ${classes}) + 1`);
  // Loans: day d (1–365 days ago) at 08:00 + up to 9 h; the copy skewed to the first ones (popular titles);
  // back after 1–27 days (late past 14), never after now.
  const BATCH = 100_000;
  for (let from = 1; from <= h.loans; from += BATCH) {
    const to = Math.min(h.loans, from + BATCH - 1);
    await db.execute(sql`insert into loan (school_id, copy_id, record_id, user_id, borrowed_at, due_date, returned_at, renewals, via)
      select ${schoolId}, ${ids.firstCopy} + c, ${ids.firstId} + c / ${size.copiesPerRecord}, ${ids.minId} + (g * 40503) % ${size.readers},
        b, (b + interval '14 days')::date, least(b + ((g % 27) + 1) * interval '1 day', now() - interval '1 minute'), (g % 9 = 0)::int, 'desk'
      from (select g,
              floor(${ids.copies - size.onLoan - 1} * power(((g * 2654435761) % 1000003) / 1000003.0, 3))::int as c,
              date_trunc('day', now()) - (1 + (g * 7919) % 365) * interval '1 day' + interval '8 hours' + ((g * 104729) % 32400) * interval '1 second' as b
            from generate_series(${from}::bigint, ${to}::bigint) g) x`);
    log(`    history loans ${to}/${h.loans} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await db.execute(sql`insert into gate_event (school_id, kind, at, source, client_id, gate, user_id, card)
    select ${schoolId}, case when g % 2 = 0 then 'in' else 'out' end,
      date_trunc('day', now()) - (1 + (g * 7919) % 365) * interval '1 day' + interval '7 hours' + ((g * 104729) % 36000) * interval '1 second',
      'gate', 'bench-gate', '东门' || (1 + g % 2),
      case when g % 5 < 3 then ${ids.minId} + (g * 40503) % ${size.readers} end, ''
    from generate_series(1::bigint, ${h.passes}::bigint) g`);
  await db.execute(sql`insert into gate_event (school_id, kind, at, source, client_id, gate, copy_id, tag)
    select ${schoolId}, 'alarm',
      date_trunc('day', now()) - (1 + (g * 7919) % 365) * interval '1 day' + interval '8 hours' + ((g * 104729) % 32400) * interval '1 second',
      'gate', 'bench-gate', '东门1', ${ids.firstCopy} + (g * 7) % ${ids.copies}, ''
    from generate_series(1::bigint, ${h.alarms}::bigint) g`);
  log(`    history ready (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

/** Changes when the schema does, so a cached library is never used with another schema. */
export function schemaKey(size: LibrarySize): string {
  const h = createHash('sha1');
  for (const f of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const p = path.join(MIGRATIONS_DIR, f);
    if (fs.statSync(p).isFile()) h.update(fs.readFileSync(p));
  }
  h.update(JSON.stringify(size));
  h.update(fs.readFileSync(import.meta.filename));
  // The search documents are written by the search lib: a new version of its rules is a new library.
  h.update(String(SEARCH_DOCUMENT_VERSION));
  return h.digest('hex').slice(0, 12);
}

/**
 * Fills an already migrated and seeded database with the library. Building 100k records takes minutes on
 * PGlite, so callers cache the result (see `cachedPglite` / `cachedPostgres`).
 */
export async function buildLibrary(database: Database, schoolId: number, size: LibrarySize) {
  await insertLibrary(database, schoolId, size, (s) => console.log(s));
}
