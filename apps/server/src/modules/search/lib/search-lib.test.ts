import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { buildSearchDocument, searchVectorSql } from './document.ts';
import { byTitle, FIXTURES } from './fixtures.test-data.ts';
import { isbnForms } from './isbn.ts';
import { parseSearchQuery, searchRank, searchWhere } from './query.ts';
import { HAN_CHAR_MARK } from './text.ts';

const t = useTestApp();
const cols = { vector: sql.raw('search'), title: sql.raw('title') };

/** Ids found for a query, best first. */
async function find(text: string): Promise<number[]> {
  const q = parseSearchQuery(text);
  if (!q) return [];
  const res: any = await t.db.execute(
    sql`select id, ${searchRank(cols, q)} as rank from search_fixture where ${searchWhere(cols, q)} order by 2 desc, id`,
  );
  return res.rows.map((r: any) => Number(r.id));
}
const ids = (...titles: string[]) => titles.map(byTitle);

beforeAll(async () => {
  await t.database.exec(`create table search_fixture (id integer primary key, title text not null, search tsvector not null);
    create index on search_fixture using gin (search);
    create index on search_fixture using gin (title gin_trgm_ops);`);
  for (const f of FIXTURES) {
    await t.db.execute(
      sql`insert into search_fixture (id, title, search) values (${f.id}, ${f.title}, ${searchVectorSql(buildSearchDocument(f))})`,
    );
  }
});

describe('search document in the database', () => {
  it('finds Chinese titles by word, full pinyin and initials, title hits only', async () => {
    const both = ids('红楼梦', '红楼梦人物论');
    expect(await find('红楼梦')).toEqual(both);
    expect((await find('红楼')).sort()).toEqual(both);
    expect((await find('hongloumeng')).sort()).toEqual(both);
    expect((await find('hong lou meng')).sort()).toEqual(both);
    expect((await find('honglou')).sort()).toEqual(both);
    expect((await find('hlm')).sort()).toEqual(both);
    expect(await find('人物')).toEqual(ids('红楼梦人物论'));
    expect(await find('rwl')).toEqual(ids('红楼梦人物论'));
    expect(await find('红楼梦 人物')).toEqual(ids('红楼梦人物论'));
  });

  it('finds Chinese authors and subjects, polyphones read from the word', async () => {
    expect((await find('鲁迅')).sort()).toEqual(ids('朝花夕拾', '呐喊'));
    expect((await find('luxun')).sort()).toEqual(ids('朝花夕拾', '呐喊'));
    expect(await find('lsm')).toEqual(ids('中国通史'));
    expect(await find('chongqing')).toEqual(ids('重庆森林'));
    expect(await find('yinhang')).toEqual(ids('银行会计'));
    expect((await find('历史')).sort((a, b) => a - b)).toEqual(ids('三国演义', '长安的荔枝', '中国通史', '万历十五年'));
    expect(await find('java')).toEqual(ids('Java编程思想'));
    expect(await find('编程')).toEqual(ids('Java编程思想'));
    expect(await find('bcsx')).toEqual(ids('Java编程思想'));
    // ICU splits 编程 inside Java编程思想 but not when typed alone: the bigrams still find it.
    expect(await find('编程思想')).toEqual(ids('Java编程思想'));
    expect(await find('java 编程 思想')).toEqual(ids('Java编程思想'));
  });

  it('finds English words, with the last term as a prefix', async () => {
    expect(await find('Austen')).toEqual(ids('Pride and Prejudice', 'Sense and Sensibility', 'Emma'));
    expect(await find('jane aus')).toEqual(ids('Pride and Prejudice', 'Sense and Sensibility', 'Emma'));
    expect(await find('harry potter chamber')).toEqual(ids('Harry Potter and the Chamber of Secrets'));
    expect(await find('potter sor')).toEqual(ids('Harry Potter and the Sorcerer’s Stone'));
    expect(await find('godel')).toEqual(ids('Gödel, Escher, Bach'));
    expect(await find('Saint-Exupéry')).toEqual(ids('The Little Prince'));
    expect(await find('zzzq')).toEqual([]);
    expect(await find('  ,.; ')).toEqual([]);
  });

  it('ranks title hits above author, subject and publisher hits', async () => {
    expect(await find('art')).toEqual(ids('The Art of Computer Programming', 'Gödel, Escher, Bach'));
    const algorithms = await find('algorithms');
    expect(algorithms[0]).toBe(byTitle('Introduction to Algorithms'));
    expect(algorithms.slice(1).sort()).toEqual(
      ids('Introduction to Algorithms', 'The Art of Computer Programming').slice(1),
    );
    const harper = await find('harper');
    expect(harper[0]).toBe(byTitle('To Kill a Mockingbird')); // author (B) above publisher (C)
    expect(harper).toHaveLength(5); // + HarperCollins: the last term is a prefix
  });

  it('finds ISBN-13, ISBN-10 and hyphenated forms', async () => {
    for (const f of [FIXTURES[0], FIXTURES[1], FIXTURES[30]]) {
      const [i13, i10] = isbnForms(f.isbn);
      expect(await find(i13)).toEqual([f.id]);
      expect(await find(i10)).toEqual([f.id]);
      expect(await find(i13.replace(/^(\d{3})(\d)(\d{2})(\d{6})(\d)$/, '$1-$2-$3-$4-$5'))).toEqual([f.id]);
    }
  });

  it('finds call numbers', async () => {
    expect(await find('I242.4')).toEqual(ids('红楼梦', '西游记', '水浒传', '三国演义'));
  });

  it('answers 1–2 character queries inside titles, the closest title first', async () => {
    expect(await find('梦')).toEqual(ids('梦', '红楼梦', '红楼梦人物论'));
    expect((await find('城')).sort((a, b) => a - b)).toEqual(ids('边城', '围城', '城南旧事'));
    expect(await find('楼梦')).toEqual(ids('红楼梦', '红楼梦人物论'));
    // Typed in traditional script: the same titles (documents and queries are folded to simplified).
    expect(await find('夢')).toEqual(ids('梦', '红楼梦', '红楼梦人物论'));
    expect((await find('史')).sort((a, b) => a - b)).toEqual(ids('中国通史', '时间简史'));
  });

  it('marks each character of a title so that no word or prefix query reaches it', async () => {
    const doc = buildSearchDocument({ title: '红楼梦', author: '曹雪芹' });
    const matches = async (query: string) => {
      const res: any = await t.db.execute(sql`select ${searchVectorSql(doc)} @@ to_tsquery('simple', ${query}) as hit`);
      return res.rows[0].hit;
    };
    expect(await matches(`'${HAN_CHAR_MARK}梦':A`)).toBe(true);
    expect(await matches(`'${HAN_CHAR_MARK}曹':B`)).toBe(true);
    expect(await matches(`'${HAN_CHAR_MARK}曹':A`)).toBe(false);
    // A Chinese term is a prefix in a longer query, a Latin last term too: neither may reach the marked characters.
    expect(await matches(`'梦':*`)).toBe(false);
    expect(await matches(`'c':*`)).toBe(true); // cao, cxq of the author, not the mark
    expect(await matches(`'c':*A`)).toBe(false);
  });
});
