/**
 * Splits the byte stream into lines. SIP2 ends a message with CR; many machines send CR LF or LF alone, so any
 * of them ends a line and empty lines are skipped. Works on bytes: in GBK and UTF-8, CR and LF never occur
 * inside a multi-byte character.
 */
export class LineSplitter {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private maxLineBytes: number) {}

  /** Adds a chunk; returns the complete lines, or 'overflow' when a line exceeds the limit. */
  push(chunk: Buffer): Buffer[] | 'overflow' {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const lines: Buffer[] = [];
    for (;;) {
      const cr = this.buf.indexOf(13);
      const lf = this.buf.indexOf(10);
      const i = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
      if (i < 0) break;
      if (i > this.maxLineBytes) return 'overflow';
      if (i > 0) lines.push(this.buf.subarray(0, i));
      this.buf = this.buf.subarray(i + 1);
    }
    return this.buf.length > this.maxLineBytes ? 'overflow' : lines;
  }
}

/**
 * A SIP line starts with a two-digit identifier and holds no control characters. Anything else (an HTTP
 * request, a TLS handshake, binary noise) is not a confused machine but the wrong peer: we close.
 */
export function looksLikeSip(line: Uint8Array): boolean {
  if (line.length < 2 || line[0] < 0x30 || line[0] > 0x39 || line[1] < 0x30 || line[1] > 0x39) return false;
  for (const b of line) if (b < 0x20 || b === 0x7f) return false;
  return true;
}
