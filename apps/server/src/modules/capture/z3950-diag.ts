import { BerError, children, type Node, readInt, readOctets, readOid, UNIVERSAL } from './ber.ts';

/** Z39.50 diagnostics: Bib-1 texts, DefaultDiagFormat and DiagRec reading, and a diagnostic anywhere inside a PDU. */

export const DIAG_BIB1 = '1.2.840.10003.4.1';

/** Common Bib-1 diagnostics (the rest are given by number). */
const BIB1_DIAG: Record<number, string> = {
  1: 'Permanent system error',
  2: 'Temporary system error',
  3: 'Unsupported search',
  13: 'Present request out of range',
  14: 'System error in presenting records',
  23: 'Database does not exist',
  25: 'Specified element set name not valid for specified database',
  108: 'Malformed query',
  109: 'Database unavailable',
  114: 'Unsupported Use attribute',
  121: 'Unsupported attribute set',
  227: 'No data available in requested record syntax',
  235: 'Database does not exist',
  238: 'Record not available in requested syntax',
  239: 'Record syntax not supported',
  1010: 'Init/AC: Bad Userid',
  1011: 'Init/AC: Bad Userid and/or Password',
  1012: 'Init/AC: No searches remaining',
  1014: 'Init/AC: Authentication System error',
  1015: 'Init/AC: Maximum number of simultaneous sessions for Userid',
  1016: 'Init/AC: Blocked network address',
  1017: 'Init/AC: No databases available for specified userId',
  1021: 'Init/AC: Account has expired',
  1022: 'Init/AC: Password has expired so a new one must be supplied',
};

const text = (n: Node) => readOctets(n).toString('utf8');

/** A DefaultDiagFormat's content: diagnostic set, condition number, additional information. */
export function diagText(content: Buffer): string {
  const parts = children(content);
  const cond = parts.find((p) => p.cls === UNIVERSAL && p.tag === 2);
  const info = parts.find((p) => p.cls === UNIVERSAL && (p.tag === 26 || p.tag === 27 || p.tag === 12));
  const n = cond ? readInt(cond.content) : 0;
  const msg = BIB1_DIAG[n] ?? `diagnostic ${n}`;
  return info?.content.length ? `${msg} (${n}): ${text(info)}` : `${msg} (${n})`;
}

/** A DiagRec (CHOICE: default format SEQUENCE, or an EXTERNAL) → its text. */
export function diagRec(n: Node): string {
  if (n.cls === UNIVERSAL && n.tag === 16) return diagText(n.content);
  return 'diagnostic';
}

/**
 * The first Bib-1 DefaultDiagFormat (the Bib-1 OID, then the condition) nested anywhere in `content`: an Init
 * refusal carries it deep inside userInformationField (EXTERNAL userInfo-1 → OtherInformation → EXTERNAL
 * diag-1 → DiagnosticFormat), as yaz writes it. Null when there is none or the bytes are not BER.
 */
export function findDiagnostic(content: Buffer, depth = 0): string | null {
  if (depth > 12) return null;
  let nodes: Node[];
  try {
    nodes = children(content);
  } catch (e) {
    if (e instanceof BerError) return null;
    throw e;
  }
  const [first, second] = nodes;
  if (
    first?.cls === UNIVERSAL &&
    first.tag === 6 &&
    readOid(first.content) === DIAG_BIB1 &&
    second?.cls === UNIVERSAL &&
    second.tag === 2
  )
    return diagText(content);
  for (const n of nodes) {
    const found = n.constructed ? findDiagnostic(n.content, depth + 1) : null;
    if (found) return found;
  }
  return null;
}
