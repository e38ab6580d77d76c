import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { buildSearchDocument, type SearchDocument } from '../search/lib/document.ts';

/**
 * The search document of a record. Its own light module (no database imports) so the MARC import's worker
 * thread can build documents off the main thread without loading the whole catalogue service.
 */
export function recordDocument(b: RecordCreate): SearchDocument {
  return buildSearchDocument({
    title: b.title,
    otherTitles: b.parallelTitle,
    author: b.author,
    subjects: b.subjects,
    isbn: b.isbn,
    publisher: b.publisher,
    series: b.series,
    classNumber: b.classNo,
    callNumber: b.classNo && b.bookNo ? `${b.classNo}/${b.bookNo}` : '',
    other: [b.responsibility, b.summary, b.edition, b.issn],
  });
}
