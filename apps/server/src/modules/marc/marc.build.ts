import { type MarcDataField, type MarcField, MarcRecord } from '@shuyuan/contracts/marc/record';
import type { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { overlayFields } from './marc.overlay.ts';

export type RecordRow = Omit<typeof catalogueRecord.$inferSelect, 'search' | 'searchVersion'>;

const field = (tag: string, ind: string, ...pairs: [string, string | null | undefined][]): MarcDataField | null => {
  const subfields = pairs.filter(([, v]) => v).map(([code, v]) => ({ code, value: String(v) }));
  return subfields.length ? { tag, ind1: ind[0], ind2: ind[1], subfields } : null;
};

/**
 * "林海音 著", "张三 主编", "李四 等编": the name and its role (relator term, MARC21 100 $e), which a
 * catalogue author field often carries after a space.
 */
export function splitRole(author: string): [string, string | null] {
  const m =
    /^(.*\S)\s+((?:等)?(?:主编|编著|编译|编写|编绘|改编|选编|原著|口述|整理|校注|著|编|译|绘|撰|辑|注|画|摄))$/u.exec(
      author.trim(),
    );
  return m ? [m[1], m[2]] : [author, null];
}

/** ISO 639-2 codes are three letters; anything else in 008 would be a lie. */
const lang3 = (l: string) => (/^[a-z]{3}$/.test(l) ? l : 'und');

/**
 * A MARC21 record built from a catalogue record's fields, for records typed by hand (no stored MARC).
 * Only what the fields say: 008 carries the year and language, the rest is blank/unknown as MARC21 allows.
 */
export function buildMarc21(r: RecordRow): MarcRecord {
  const entered = new Date(r.createdAt).toISOString().slice(2, 10).replaceAll('-', '');
  const year = r.pubYear ? String(r.pubYear).padStart(4, '0') : '    ';
  const f008 = `${entered}${r.pubYear ? 's' : 'n'}${year}    xx            000 0 ${lang3(r.language)} d`;
  const price = r.priceFen === null ? null : `CNY${(r.priceFen / 100).toFixed(2)}`;
  const data = [
    field('020', '  ', ['a', r.isbn], ['c', price]),
    field('022', '  ', ['a', r.issn]),
    field('084', '  ', ['a', r.classNo], ['b', r.bookNo], ['2', r.classNo ? 'clc' : null]),
    field('100', '1 ', ['a', splitRole(r.author)[0]], ['e', splitRole(r.author)[1]]),
    field('245', `${r.author ? '1' : '0'}0`, ['a', r.title]),
    field('246', '31', ['a', r.parallelTitle]),
    field('250', '  ', ['a', r.edition]),
    field('260', '  ', ['a', r.pubPlace], ['b', r.publisher], ['c', r.pubYear ? String(r.pubYear) : null]),
    field('300', '  ', ['a', r.pages ? `${r.pages} p.` : null]),
    field('490', '0 ', ['a', r.series]),
    field('520', '  ', ['a', r.summary]),
    ...r.subjects.map((s) => field('650', ' 4', ['a', s])),
  ];
  const fields: MarcField[] = [
    { tag: '001', value: String(r.id) },
    { tag: '008', value: f008.slice(0, 40) },
    ...data.filter((f): f is MarcDataField => f !== null),
  ];
  return { leader: '00000nam a2200000 a 4500', fields };
}

/**
 * The record's stored MARC when it has a valid one (imported), with the catalogue fields edited since written
 * back into it (overlayFields); else one built from its fields.
 */
export function marcOf(r: RecordRow): MarcRecord {
  const stored = r.marc ? MarcRecord.safeParse(r.marc) : null;
  return stored?.success ? overlayFields(stored.data, r) : buildMarc21(r);
}
