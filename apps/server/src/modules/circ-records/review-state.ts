import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { loanConversion } from './circ-records.table.ts';

/**
 * The processing state of a loan's overdue review as SQL: the state of its latest `overdue-*` row in the
 * conversion log, 'pending' when it was never reviewed. Used by the record lists (filter) and by the desk
 * (under overdue mode "single processing" a processed overdue no longer blocks borrowing).
 */
export function reviewStateOf(loanId: AnyPgColumn): SQL<string> {
  return sql<string>`coalesce((select substr(${loanConversion.kind}, 9) from ${loanConversion}
    where ${loanConversion.loanId} = ${loanId} and ${loanConversion.kind} like 'overdue-%'
    order by ${loanConversion.id} desc limit 1), 'pending')`;
}
