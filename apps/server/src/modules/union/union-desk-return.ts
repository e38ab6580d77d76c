import { UNION_COPY_AWAY } from '@shuyuan/contracts/union/lending';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { registerNoLoanCheck } from '../circulation/circulation.hooks.ts';

/**
 * The ordinary return desk, scanning a copy that is away on a union loan (the owner's copy lent to another school's
 * reader, or another school's copy lent here): it has no circulation loan, so the desk would answer "not on loan" or
 * "copy not found". Say where it belongs instead: the union's return screen, which closes the union loan.
 * Runs only when the return found no loan (circulation.hooks NoLoanCheck): never on the desk's measured path.
 */
registerNoLoanCheck(async ({ tx, scope, barcode }) => {
  const away = sql.join(
    UNION_COPY_AWAY.map((s) => sql`${s}`),
    sql`, `,
  );
  const [hit] = await rowsOf<{ school: string }>(
    tx,
    sql`select s.name as school
          from union_loan ul
          join copy c on c.id = ul.copy_id and c.school_id = ul.owner_school_id
          join school s on s.id = case when ul.owner_school_id = ${scope.schoolId}
                                       then ul.borrower_school_id else ul.owner_school_id end
         where (ul.owner_school_id = ${scope.schoolId} or ul.borrower_school_id = ${scope.schoolId})
           and ul.state in (${away})
           and c.barcode = ${barcode.trim()}
         limit 1`,
  );
  if (hit) throw fail('UNION_LOAN_COPY', 'union.return.atUnionDesk', { barcode: barcode.trim(), school: hit.school });
});
