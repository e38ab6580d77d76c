import { type MarcDataField, type MarcField, type MarcFlavour, MarcRecord } from '@shuyuan/contracts/marc/record';
import type { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { SHUYUAN_AGENCY } from '../catalogue/match-keys.ts';
import { overlayFields } from './marc.overlay.ts';

export type RecordRow = Omit<typeof catalogueRecord.$inferSelect, 'search' | 'searchVersion' | 'matchKeys'>;

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
    { tag: '003', value: SHUYUAN_AGENCY },
    { tag: '008', value: f008.slice(0, 40) },
    ...data.filter((f): f is MarcDataField => f !== null),
  ];
  return { leader: '00000nam a2200000 a 4500', fields };
}

/** CNMARC leader: new, language material, monograph, hierarchy 0, indicator/subfield lengths 2, '450 ' map. */
export const CNMARC_LEADER = '00000nam0 2200000   450 ';

/**
 * CNMARC 100 $a (36 characters): date entered (YYYYMMDD), type of date d + date 1, target audience 'em ',
 * not a government publication (y), record not modified (0), cataloguing language chi, no transliteration (y),
 * character set 50 (ISO 10646), script of the title ea (Han).
 */
export function cnmarc100(entered: Date, year: number | null): string {
  const d = entered.toISOString().slice(0, 10).replaceAll('-', '');
  const y = year ? String(year).padStart(4, '0') : '    ';
  return `${d}d${y}    em y0chiy50      ea`;
}

/**
 * A CNMARC record (UNIMARC as Chinese libraries use it) built from a catalogue record's fields: 010 ISBN $d
 * price, 011 ISSN, 100 processing data, 101 language, 200 title ($a, $d parallel title, $f responsibility),
 * 205 edition, 210 publication ($a place, $c publisher, $d year), 215 pages ("245页"), 225 series, 330
 * summary, 333 reading level, 606 subjects, 690 中图法 class ($v 5: the fifth edition), 701 author ($4 role).
 * Copies go in 905 when exported (marc.export.ts).
 */
export function buildCnmarc(r: RecordRow): MarcRecord {
  const price = r.priceFen === null ? null : `CNY${(r.priceFen / 100).toFixed(2)}`;
  const [name, role] = splitRole(r.author);
  const data = [
    field('010', '  ', ['a', r.isbn], ['d', price]),
    field('011', '  ', ['a', r.issn]),
    field('100', '  ', ['a', cnmarc100(new Date(r.createdAt), r.pubYear)]),
    field('101', '0 ', ['a', lang3(r.language) === 'und' ? null : r.language]),
    field('200', '1 ', ['a', r.title], ['d', r.parallelTitle], ['f', r.responsibility || r.author]),
    field('205', '  ', ['a', r.edition]),
    field('210', '  ', ['a', r.pubPlace], ['c', r.publisher], ['d', r.pubYear ? String(r.pubYear) : null]),
    field('215', '  ', ['a', r.pages ? `${r.pages}页` : null]),
    field('225', '2 ', ['a', r.series]),
    field('330', '  ', ['a', r.summary]),
    field('333', '  ', ['a', r.readingLevel]),
    ...r.subjects.map((s) => field('606', '0 ', ['a', s])),
    field('690', '  ', ['a', r.classNo], ['v', r.classNo ? '5' : null]),
    field('701', ' 0', ['a', name], ['4', role]),
  ];
  const fields: MarcField[] = [
    { tag: '001', value: String(r.id) },
    { tag: '003', value: SHUYUAN_AGENCY },
    ...data.filter((f): f is MarcDataField => f !== null),
  ];
  return { leader: CNMARC_LEADER, fields };
}

/** A record built from its fields in the school's format. */
export function buildMarc(r: RecordRow, flavour: MarcFlavour): MarcRecord {
  return flavour === 'UNIMARC' ? buildCnmarc(r) : buildMarc21(r);
}

/**
 * The record's stored MARC when it has a valid one (imported, or typed in the editor), with the catalogue
 * fields edited since written back into it (overlayFields); else one built from its fields in the school's
 * format (`flavour`, the editing setting `marcFormat`).
 */
export function marcOf(r: RecordRow, flavour: MarcFlavour = 'MARC21'): MarcRecord {
  const stored = r.marc ? MarcRecord.safeParse(r.marc) : null;
  return stored?.success ? overlayFields(stored.data, r) : buildMarc(r, flavour);
}

/** A blank record to fill in the MARC editor, in the school's format: the usual fields, today's dates. */
export function blankMarc(flavour: MarcFlavour, today = new Date()): MarcRecord {
  const df = (tag: string, ind: string, ...codes: string[]): MarcDataField => ({
    tag,
    ind1: ind[0],
    ind2: ind[1],
    subfields: codes.map((code) => ({ code, value: '' })),
  });
  if (flavour === 'UNIMARC')
    return {
      leader: CNMARC_LEADER,
      fields: [
        df('010', '  ', 'a', 'd'),
        { tag: '100', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: cnmarc100(today, today.getFullYear()) }] },
        { tag: '101', ind1: '0', ind2: ' ', subfields: [{ code: 'a', value: 'chi' }] },
        df('200', '1 ', 'a', 'f'),
        df('210', '  ', 'a', 'c', 'd'),
        df('215', '  ', 'a', 'd'),
        df('690', '  ', 'a'),
        df('701', ' 0', 'a', '4'),
      ],
    };
  const entered = today.toISOString().slice(2, 10).replaceAll('-', '');
  return {
    leader: '00000nam a2200000 a 4500',
    fields: [
      { tag: '008', value: `${entered}s${today.getFullYear()}    cc            000 0 chi d` },
      df('020', '  ', 'a', 'c'),
      df('100', '1 ', 'a'),
      df('245', '10', 'a', 'c'),
      df('260', '  ', 'a', 'b', 'c'),
      df('300', '  ', 'a'),
    ],
  };
}
