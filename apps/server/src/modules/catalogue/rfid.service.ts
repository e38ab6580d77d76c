import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BizError, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import type { Tr } from './catalogue.service.ts';
import { copy } from './catalogue.table.ts';
import { getEditingConfig } from './editing-config.service.ts';

function rfidTaken(barcode: string, tr: Tr): BizError {
  const params = { barcode };
  return new BizError(ErrorCode.DUPLICATE, 'catalogue.rfid.taken', params, 200, [
    { path: 'rfid', message: tr('catalogue.rfid.taken', params) },
  ]);
}

/**
 * Binds an RFID tag to a copy (replacing the copy's previous tag). A tag already bound to another copy of the
 * school is refused naming that copy; the unique index settles two binds of one tag at the same moment.
 * Answers the AFI the reader should write (the school's "in library" value, '' when not set).
 */
export async function bindRfid(db: Db, scope: Scope, input: { copyId: number; rfid: string }, tr: Tr) {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({ id: copy.id })
      .from(copy)
      .where(scope.where(copy, eq(copy.id, input.copyId)));
    if (!c) throw notFound('catalogue.copyNotFound');
    const [other] = await tx
      .select({ barcode: copy.barcode })
      .from(copy)
      .where(scope.where(copy, eq(copy.rfid, input.rfid), ne(copy.id, c.id)));
    if (other) throw rfidTaken(other.barcode, tr);
    try {
      const [row] = await tx
        .update(copy)
        .set({ rfid: input.rfid, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
        .where(scope.where(copy, eq(copy.id, c.id)))
        .returning({ id: copy.id, barcode: copy.barcode, rfid: copy.rfid });
      const { afi } = await getEditingConfig(tx, scope);
      return { ...row, afi };
    } catch (e) {
      if ((e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505')
        throw rfidTaken('?', tr);
      throw e;
    }
  });
}

/** Removes the tag of a copy (the tag is lost or replaced); a copy without one answers unchanged. */
export async function unbindRfid(db: Db, scope: Scope, copyId: number) {
  const [row] = await db
    .update(copy)
    .set({ rfid: '', version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
    .where(scope.where(copy, and(eq(copy.id, copyId))))
    .returning({ id: copy.id, barcode: copy.barcode, rfid: copy.rfid });
  if (!row) throw notFound('catalogue.copyNotFound');
  return row;
}
