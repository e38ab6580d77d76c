import { rfidReader } from '../catalogue/rfid.ts';

/** What the server asks the desk's RFID reader to write after a loan or a return (see server circulation/afi.ts). */
export interface AfiWrite {
  rfid: string;
  afi: string;
  reader: 'simulated';
}

/**
 * Writes the security AFI to the copy's tag on the desk's reader. The loan or the return itself is already done
 * on the server: a failed write only warns (spec §8 'Borrowing succeeded, AFI writing failed' / 'Book returned
 * successfully, AFI write failed') so the librarian can put the book back on the pad and retry from the copy.
 * Returns false when the write failed.
 */
export async function writeAfi(w: AfiWrite | null | undefined): Promise<boolean> {
  if (!w) return true;
  const reader = rfidReader(w.reader);
  if (!reader.canWriteAfi) return true;
  try {
    await reader.writeAfi(w.rfid, w.afi);
    return true;
  } catch {
    return false;
  }
}
