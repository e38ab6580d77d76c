import type { EditingConfig } from '@shuyuan/contracts/catalogue/editing-config';
import type { ConfigSnapshot } from '../../platform/school-config.ts';
import { EDITING_CONFIG } from '../catalogue/editing-config.service.ts';

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
export function afiFor(c: EditingConfig, rfid: string, after: 'lent' | 'returned'): AfiWrite | null {
  if (!rfid) return null;
  const afi = after === 'lent' ? c.afiLoaned : c.afi;
  if (!afi || c.rfidReader !== 'simulated') return null;
  return { rfid, afi, reader: c.rfidReader };
}

/** afiFor with the school's editing settings of the command's configuration snapshot. */
export async function afiToWrite(config: ConfigSnapshot, rfid: string, after: 'lent' | 'returned') {
  return rfid ? afiFor(await config.get(EDITING_CONFIG), rfid, after) : null;
}
