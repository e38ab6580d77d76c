import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { asMarcRecord, marcKeywords } from '../marc/lib/search-keywords.ts';
import { buildSearchDocument, type SearchDocument } from '../search/lib/document.ts';

/**
 * The version of the rules that make a record's search document. Raise it whenever what a document holds
 * changes: at start-up the catalogue rebuilds every record whose stored document is older
 * (`search_version` below this; catalogue-reindex.ts).
 * 1: subtitles and parts, variant titles, series, subjects, contents and 880 vernacular fields from the MARC;
 *    traditional Chinese folded to simplified.
 * 2: the duplicate-match keys (`match_keys`, match-keys.ts) are filled in for records written before they existed.
 * 3: each Chinese character of the titles, authors, subjects, publisher and series (`hanChars`), so one character
 *    typed alone is found through the index.
 */
export const SEARCH_DOCUMENT_VERSION = 3;

/**
 * The search document of a record. Its own light module (no database imports) so the MARC import's worker
 * thread can build documents off the main thread without loading the whole catalogue service. Besides the
 * record's fields, the texts of its MARC (when it has one) that a reader may type: see `marcKeywords`.
 */
export function recordDocument(b: RecordCreate): SearchDocument {
  const marc = asMarcRecord(b.marc);
  const k = marc ? marcKeywords(marc) : { A: [], B: [], C: [], D: [] };
  return buildSearchDocument({
    title: b.title,
    otherTitles: [b.parallelTitle, ...k.A],
    author: b.author,
    subjects: [...(b.subjects ?? []), ...k.B],
    isbn: b.isbn,
    publisher: b.publisher,
    series: [b.series, ...k.C],
    classNumber: b.classNo,
    callNumber: b.classNo && b.bookNo ? `${b.classNo}/${b.bookNo}` : '',
    other: [b.responsibility, b.summary, b.edition, b.issn, ...k.D],
  });
}
