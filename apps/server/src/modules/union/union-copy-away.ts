import { UNION_COPY_AWAY } from '@shuyuan/contracts/union/lending';
import { and, eq, inArray } from 'drizzle-orm';
import { registerAwayLookup } from '../catalogue/copy-away.hooks.ts';
import { school } from '../school/school.table.ts';
import { unionLoan } from './union-lending.table.ts';

/** The catalogue's copy list: a copy of the school away on a union loan names the school it is at (the borrower's). */
registerAwayLookup(async (db, scope, copyIds) => {
  const rows = await db
    .select({ copyId: unionLoan.copyId, name: school.name })
    .from(unionLoan)
    .innerJoin(school, eq(school.id, unionLoan.borrowerSchoolId))
    .where(
      and(
        eq(unionLoan.ownerSchoolId, scope.schoolId),
        inArray(unionLoan.copyId, copyIds),
        inArray(unionLoan.state, [...UNION_COPY_AWAY]),
      ),
    );
  return new Map(rows.map((r) => [r.copyId as number, r.name]));
});
