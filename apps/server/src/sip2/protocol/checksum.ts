/**
 * SIP2 error detection (3M SIP2 spec, "Error Detection"): the checksum is the 16-bit two's complement of the
 * binary sum of every byte of the message, from the first byte up to and including the "AZ" field code. It is
 * sent as 4 uppercase hex digits. We sum the bytes as transmitted (after charset encoding), because that is what
 * the machine at the other end sums too; for ASCII text bytes and characters are the same.
 */
export function checksum(bytes: Uint8Array): string {
  let sum = 0;
  for (const b of bytes) sum = (sum + b) & 0xffff;
  return (-sum & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}

const HEX4 = /^[0-9A-Fa-f]{4}$/;
const A = 0x41;
const Z = 0x5a;

/**
 * Checks a received line (bytes without the terminator). Returns 'absent' when the line carries no AZ field
 * (the machine has error detection off), 'ok' or 'bad'.
 */
export function verifyChecksum(line: Uint8Array): 'absent' | 'ok' | 'bad' {
  const n = line.length;
  if (n < 6 || line[n - 6] !== A || line[n - 5] !== Z) return 'absent';
  const given = Buffer.from(line.subarray(n - 4)).toString('latin1');
  if (!HEX4.test(given)) return 'absent';
  return checksum(line.subarray(0, n - 4)) === given.toUpperCase() ? 'ok' : 'bad';
}
