import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { getEditingConfig } from '../catalogue/editing-config.service.ts';

/** What the desk's RFID reader should write to the tag after a loan or a return. */
export interface AfiWrite {
  rfid: string;
  afi: string;
  reader: 'simulated';
}

/**
 * The AFI (application family identifier) the security gate reads: a lent copy's tag gets the school's
 * "lent" value, a returned copy's tag the "in library" value (editing settings). The desk's browser writes it
 * through the school's reader driver; nothing is to be written when the copy has no tag, the school set no AFI,
 * or its reader cannot write (a keyboard-wedge reader only types tag ids).
 */
export async function afiToWrite(
  db: Db,
  scope: Scope,
  rfid: string,
  after: 'lent' | 'returned',
): Promise<AfiWrite | null> {
  if (!rfid) return null;
  const c = await getEditingConfig(db, scope);
  const afi = after === 'lent' ? c.afiLoaned : c.afi;
  if (!afi || c.rfidReader !== 'simulated') return null;
  return { rfid, afi, reader: c.rfidReader };
}
