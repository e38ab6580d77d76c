import { issnValid, normaliseIssn } from '@shuyuan/contracts/serials/title';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import type { ImportedSerial } from './marc-serial.ts';
import { serialTitle } from './serials.table.ts';

/**
 * Makes the periodical titles (/magazinelibrary) of serial records the MARC import wrote, in its transaction, so
 * an imported periodical can be ordered, predicted and checked in at once. A title whose ISSN the school already
 * has is left alone (the unique ISSN index refuses it; the existing title keeps its record). The postal code is
 * not in MARC: the librarian adds it on the title before ordering through the post office.
 */
export async function addImportedTitles(tx: Db, scope: Scope, serials: ImportedSerial[]): Promise<number> {
  if (!serials.length) return 0;
  const made = await tx
    .insert(serialTitle)
    .values(
      serials.map((s) => {
        const issn = s.issn ? normaliseIssn(s.issn) : '';
        return scope.values({
          kind: s.kind,
          recordId: s.recordId,
          title: s.title.slice(0, 200),
          issn: issn && issnValid(issn) ? issn : null,
          publisher: s.publisher,
          frequency: s.frequency,
          language: s.language,
          classNo: s.classNo,
          note: '',
        });
      }),
    )
    .onConflictDoNothing()
    .returning({ id: serialTitle.id });
  return made.length;
}
