import type { Readable } from 'node:stream';
import type { MarcReadResult } from '@shuyuan/contracts/marc/record';
import { type DecodeOptions, decodeRecord } from './iso2709-decode.ts';

const RT = 0x1d; // record terminator

/** Bytes seen between records in real files: doubled terminators, spaces, CR/LF, NUL filler, DOS EOF 0x1A. */
const isJunk = (b: number) => b === 0x1d || b === 0x20 || b === 0x0a || b === 0x0d || b === 0x00 || b === 0x1a;

/**
 * Splits ISO 2709 input into records and decodes each. Feed chunks with push() and iterate drain(false)
 * after each, drain(true) at the end; memory stays at one chunk plus one record.
 *
 * A record normally ends at the first record terminator (0x1D). When leader/0-4 is a number and the byte
 * it points at is a terminator, that length wins instead: a stray 0x1D inside a field then does not cut
 * the record in two.
 */
export class Iso2709Splitter {
  private pending: Buffer = Buffer.alloc(0);
  private pos = 0; // bytes of pending already consumed
  private offset = 0; // file offset of pending[0]
  private index = 0;
  constructor(private readonly opts: DecodeOptions = {}) {}

  /** Adds input; iterate drain() afterwards for the records it completed. */
  push(chunk: Buffer): void {
    const rest = this.pending.subarray(this.pos);
    this.offset += this.pos;
    this.pos = 0;
    this.pending = rest.length ? Buffer.concat([rest, chunk]) : chunk;
  }

  /**
   * Yields the complete records in the input so far; with `final`, also reports a trailing partial
   * record. Lazy, so reading a large in-memory file never holds more than one decoded record.
   */
  *drain(final: boolean): Generator<MarcReadResult> {
    const buf = this.pending;
    while (this.pos < buf.length) {
      const before = this.pos;
      let start = before;
      while (start < buf.length && isJunk(buf[start])) start++;
      if (start >= buf.length) {
        this.pos = start;
        return;
      }
      let stop: number; // index of this record's terminator
      const declared = declaredLength(buf, start);
      if (declared >= 24 && start + declared <= buf.length && buf[start + declared - 1] === RT) {
        stop = start + declared - 1;
      } else {
        stop = buf.indexOf(RT, start);
      }
      if (stop < 0) {
        if (!final) return; // wait for more input
        this.pos = buf.length;
        yield {
          ok: false,
          index: this.index++,
          offset: this.offset + start,
          code: 'TRUNCATED_RECORD',
          detail: `input ends ${buf.length - start} bytes into a record without a record terminator`,
        };
        return;
      }
      this.pos = stop + 1;
      const result = decodeRecord(buf.subarray(start, stop + 1), this.index++, this.offset + start, this.opts);
      if (result.ok && start > before) result.warnings.push('JUNK_SKIPPED');
      yield result;
    }
  }
}

function declaredLength(buf: Buffer, start: number): number {
  if (start + 5 > buf.length) return -1;
  let n = 0;
  for (let i = start; i < start + 5; i++) {
    const d = buf[i] - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Every record of an in-memory file, good and bad, in file order. */
export function* readIso2709(buf: Buffer, opts?: DecodeOptions): Generator<MarcReadResult> {
  const s = new Iso2709Splitter(opts);
  s.push(buf);
  yield* s.drain(true);
}

/** Streams records from a file or upload without holding the whole file in memory. */
export async function* readIso2709Stream(input: Readable, opts?: DecodeOptions): AsyncGenerator<MarcReadResult> {
  const s = new Iso2709Splitter(opts);
  for await (const chunk of input) {
    s.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    yield* s.drain(false);
  }
  yield* s.drain(true);
}
