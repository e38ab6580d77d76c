import type { Readable, Writable } from 'node:stream';

/**
 * The few tar features a backup needs (POSIX ustar, with a pax header for names over 100 bytes), written and read
 * as streams so a large uploads folder never sits in memory. Regular files only; folders are implied by the names.
 */
const BLOCK = 512;

function octal(n: number, width: number): string {
  return `${n.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date, type: '0' | 'x'): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7), 148, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries into a tar stream (the caller pipes it through gzip into a file). */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(buf: Buffer): Promise<void> {
    if (!this.out.write(buf)) await new Promise<void>((r) => this.out.once('drain', () => r()));
  }

  private async head(name: string, size: number, mtime: Date): Promise<void> {
    if (Buffer.byteLength(name) > 100) {
      // pax extended header: "<len> path=<name>\n", the length counting itself.
      const body = ` path=${name}\n`;
      const bodyLen = Buffer.byteLength(body);
      let len = bodyLen + 1;
      while (bodyLen + String(len).length !== len) len = bodyLen + String(len).length;
      const rec = Buffer.from(`${len}${body}`);
      await this.write(header('PaxHeader', rec.length, mtime, 'x'));
      await this.write(rec);
      await this.write(padding(rec.length));
    }
    await this.write(header(name.slice(0, 100), size, mtime, '0'));
  }

  /** A file from bytes in memory. */
  async add(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await this.head(name, data.length, mtime);
    await this.write(data);
    await this.write(padding(data.length));
  }

  /** A file from a stream of exactly `size` bytes (a file on disk). */
  async addStream(name: string, size: number, mtime: Date, body: AsyncIterable<Buffer>): Promise<void> {
    await this.head(name, size, mtime);
    let n = 0;
    for await (const chunk of body) {
      n += chunk.length;
      if (n > size) throw new Error(`${name} grew while it was being written`);
      await this.write(chunk);
    }
    if (n !== size) throw new Error(`${name} changed size while it was being written`);
    await this.write(padding(size));
  }

  /** The end-of-archive marker (two empty blocks), then ends the stream. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    });
  }
}

export interface TarEntry {
  name: string;
  size: number;
}

/** What the reader does with an entry's bytes: a sink (chunks in order, then end), or null to skip it. */
export type EntrySink = { write(chunk: Buffer): void | Promise<void>; end(): void | Promise<void> } | null;

export class TruncatedArchiveError extends Error {}

/**
 * Reads a tar stream entry by entry. Throws TruncatedArchiveError when it ends before an entry's last byte or
 * before the end-of-archive marker (a copy cut short), or on a damaged header.
 */
export async function readTar(input: Readable, onEntry: (e: TarEntry) => EntrySink | Promise<EntrySink>) {
  let buf: Buffer = Buffer.alloc(0);
  let entry: { e: TarEntry; sink: EntrySink; left: number; pad: number } | null = null;
  let paxName: string | null = null;
  let pax: { left: number; pad: number; data: Buffer[] } | null = null;
  let ended = false;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (ended) break;
      if (entry) {
        if (entry.left > 0) {
          if (!buf.length) break;
          const take = buf.subarray(0, Math.min(entry.left, buf.length));
          buf = buf.subarray(take.length);
          entry.left -= take.length;
          if (entry.sink) await entry.sink.write(take);
          continue;
        }
        if (buf.length < entry.pad) break;
        buf = buf.subarray(entry.pad);
        if (entry.sink) await entry.sink.end();
        entry = null;
        continue;
      }
      if (pax) {
        const need = pax.left + pax.pad;
        if (buf.length < need) break;
        const rec = buf.subarray(0, pax.left).toString('utf8');
        buf = buf.subarray(need);
        const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(rec);
        paxName = m ? m[1] : null;
        pax = null;
        continue;
      }
      if (buf.length < BLOCK) break;
      const h = buf.subarray(0, BLOCK);
      buf = buf.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        break;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
      if (sum !== Number.parseInt(h.toString('ascii', 148, 156).replace(/\0.*$/, '').trim(), 8))
        throw new TruncatedArchiveError('damaged tar header');
      const size = Number.parseInt(h.toString('ascii', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
      const type = String.fromCharCode(h[156] || 0x30);
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (type === 'x') {
        pax = { left: size, pad, data: [] };
        continue;
      }
      let name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const prefix = h.toString('utf8', 345, 500).replace(/\0.*$/s, '');
      if (prefix) name = `${prefix}/${name}`;
      if (paxName) name = paxName;
      paxName = null;
      const isFile = type === '0' || type === '\0';
      const sink = isFile ? await onEntry({ name, size }) : null;
      entry = { e: { name, size }, sink, left: size, pad };
    }
  }
  if (!ended) throw new TruncatedArchiveError('the archive ends before its end marker');
}
