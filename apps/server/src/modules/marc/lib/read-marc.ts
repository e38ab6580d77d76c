import { Readable } from 'node:stream';
import type { MarcReadResult } from '@shuyuan/contracts/marc/record';
import type { DecodeOptions } from './iso2709-decode.ts';
import { readIso2709, readIso2709Stream } from './iso2709-reader.ts';
import { readMarcXml, readMarcXmlStream } from './marcxml-reader.ts';

export type MarcFileFormat = 'iso2709' | 'marcxml';

/** MARCXML starts with '<' (after an optional BOM and whitespace); ISO 2709 starts with five digits. */
export function sniffFormat(head: Uint8Array): MarcFileFormat {
  let i = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) i = 3;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return head[i] === 0x3c ? 'marcxml' : 'iso2709';
}

/** Every record of an in-memory file of either format. */
export function readMarc(buf: Buffer, opts?: DecodeOptions): Iterable<MarcReadResult> {
  return sniffFormat(buf.subarray(0, 64)) === 'marcxml' ? readMarcXml(buf) : readIso2709(buf, opts);
}

/** Streams a file of either format; the first chunk decides which. */
export async function* readMarcStream(input: Readable, opts?: DecodeOptions): AsyncGenerator<MarcReadResult> {
  const it = input[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  const head: Buffer = Buffer.isBuffer(first.value) ? first.value : Buffer.from(first.value);
  // Put the first chunk back in front of the rest.
  const rest = Readable.from(
    (async function* () {
      yield head;
      for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
    })(),
  );
  yield* sniffFormat(head) === 'marcxml' ? readMarcXmlStream(rest) : readIso2709Stream(rest, opts);
}
