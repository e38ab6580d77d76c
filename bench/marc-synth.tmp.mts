import type { MarcRecord } from '/work/main/packages/contracts/src/marc/record.ts';
const TITLES = ['红楼梦', '三国演义', 'Pride and prejudice', '西游记', '水浒传', '十万个为什么', 'Charlotte’s web'];
export function synth(i: number): MarcRecord {
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
