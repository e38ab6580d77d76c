import { describe, expect, it } from 'vitest';
import { buildSearchDocument } from './document.ts';
import { isbnForms, isValidIsbn } from './isbn.ts';
import { parseSearchQuery } from './query.ts';
import { foldHan, HAS_ZH_DICTIONARY, hanSpellings, words } from './text.ts';

describe('search text', () => {
  it('segments Chinese with the ICU dictionary on this Node', () => {
    expect(HAS_ZH_DICTIONARY).toBe(true);
    expect(words('红楼梦人物论').map((w) => w.text)).toEqual(['红楼梦', '人物', '论']);
    // ICU's answer depends on context and dictionary (编程 here is 编 | 程): why documents carry bigrams.
    expect(words('Java编程思想（第4版）').map((w) => w.text)).toEqual(['java', '编', '程', '思想', '第', '4', '版']);
  });

  it('normalises full-width text and hyphenated numbers', () => {
    expect(words('ＡＢＣ 978-7-02-000220-7 I242.4').map((w) => w.text)).toEqual(['abc', '9787020002207', 'i2424']);
  });

  it('puts the title at A with full pinyin and initials, ISBN forms at B', () => {
    const doc = buildSearchDocument({
      title: '红楼梦',
      author: '曹雪芹',
      isbn: '0-306-40615-2',
      publisher: '人民文学出版社',
    });
    expect(doc.A.split(' ')).toEqual([
      ...['红楼梦', '红楼', '楼梦', 'hong', 'lou', 'meng', 'hongloumeng', 'hlm'],
      ...['ｃ红', 'ｃ楼', 'ｃ梦'], // each character, marked: a character typed alone
    ]);
    expect(doc.B.split(' ')).toEqual(
      expect.arrayContaining(['曹雪芹', 'caoxueqin', 'cxq', '9780306406157', '0306406152']),
    );
    expect(doc.C.split(' ')).toEqual(expect.arrayContaining(['人民', 'renminwenxuechubanshe', 'rmwxcbs']));
    expect(doc.D).toBe('');
  });

  it('converts ISBN-10 and ISBN-13 and keeps invalid ones as typed', () => {
    expect(isbnForms('0-306-40615-2')).toEqual(['9780306406157', '0306406152']);
    expect(isbnForms('978-0-306-40615-7')).toEqual(['9780306406157', '0306406152']);
    expect(isbnForms('979-10-90636-07-1')).toEqual(['9791090636071']);
    expect(isValidIsbn('0-306-40615-3')).toBe(false);
    expect(isbnForms('0-306-40615-3')).toEqual(['0306406153']);
  });

  it('makes the last term and Chinese terms prefixes', () => {
    expect(parseSearchQuery('harry pot')?.tsquery).toBe("'harry' & 'pot':*");
    expect(parseSearchQuery('红楼梦 研究 hlm')?.titleTsquery).toBe(
      "('红楼梦':*A | '红楼':A & '楼梦':A) & '研究':*A & 'hlm':*A",
    );
    expect(parseSearchQuery('梦')).toMatchObject({ short: '梦', tsquery: "'梦'" });
    expect(parseSearchQuery('hlm')?.short).toBeNull();
    expect(parseSearchQuery(' ;; ')).toBeNull();
  });
});

describe('simplified and traditional Chinese', () => {
  it('folds traditional to simplified in tokens and keeps the own script for pinyin', () => {
    expect(foldHan('傲慢與偏見 紅樓夢 Pride')).toBe('傲慢与偏见 红楼梦 Pride');
    expect(foldHan('乾隆 著作')).toBe('乾隆 著作');
    expect(words('傲慢與偏見').map((w) => w.text)).toEqual(words('傲慢与偏见').map((w) => w.text));
    expect(buildSearchDocument({ title: '乾隆' }).A.split(' ')).toContain('qianlong');
    expect(buildSearchDocument({ title: '紅樓夢' }).A).toBe(buildSearchDocument({ title: '红楼梦' }).A);
    expect(parseSearchQuery('傲慢與偏見')?.tsquery).toBe(parseSearchQuery('傲慢与偏见')?.tsquery);
  });

  it('lists the spellings of a short text for raw title columns', () => {
    expect(hanSpellings('夢')?.sort()).toEqual(['梦', '夢'].sort());
    expect(parseSearchQuery('夢')?.shortSpellings.sort()).toEqual(['梦', '夢'].sort());
    expect(hanSpellings('與與與與')).toBeNull();
  });
});
