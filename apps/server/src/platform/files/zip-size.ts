import fs from 'node:fs';
import zlib from 'node:zlib';

/** An .xlsx is a zip: its entries, as the central directory at the end of the file lists them. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

function readAt(fd: number, pos: number, len: number): Buffer {
  const buf = Buffer.alloc(len);
  const n = fs.readSync(fd, buf, 0, len, pos);
  return buf.subarray(0, n);
}

/** The entries of a zip file, or null when it is not one (no end-of-directory record, or a broken directory). */
export function zipEntries(file: string): ZipEntry[] | null {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const tailLen = Math.min(size, 22 + 0xffff);
    const tail = readAt(fd, size - tailLen, tailLen);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    if (at < 0) return null;
    let count = tail.readUInt16LE(at + 10);
    let dirSize = tail.readUInt32LE(at + 12);
    let dirOffset = tail.readUInt32LE(at + 16);
    if (count === 0xffff || dirSize === MAX32 || dirOffset === MAX32) {
      // ZIP64: the locator (20 bytes) just before the record points at the 64-bit end-of-directory record.
      if (at < 20) return null;
      const rec = readAt(fd, Number(tail.readBigUInt64LE(at - 20 + 8)), 56);
      if (rec.length < 56 || rec.readUInt32LE(0) !== ZIP64_EOCD) return null;
      count = Number(rec.readBigUInt64LE(32));
      dirSize = Number(rec.readBigUInt64LE(40));
      dirOffset = Number(rec.readBigUInt64LE(48));
    }
    if (dirOffset + dirSize > size) return null;
    const dir = readAt(fd, dirOffset, dirSize);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let k = 0; k < count; k++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) return null;
      const nameLen = dir.readUInt16LE(p + 28);
      const extraLen = dir.readUInt16LE(p + 30);
      const commentLen = dir.readUInt16LE(p + 32);
      const e: ZipEntry = {
        name: dir.toString('utf8', p + 46, p + 46 + nameLen),
        method: dir.readUInt16LE(p + 10),
        compressedSize: dir.readUInt32LE(p + 20),
        size: dir.readUInt32LE(p + 24),
        localOffset: dir.readUInt32LE(p + 42),
      };
      // ZIP64 extra field (id 1): the 64-bit values of the fields that read 0xFFFFFFFF, in this order.
      let x = p + 46 + nameLen;
      const end = x + extraLen;
      while (x + 4 <= end) {
        const id = dir.readUInt16LE(x);
        const len = dir.readUInt16LE(x + 2);
        if (id === 1) {
          let q = x + 4;
          for (const f of ['size', 'compressedSize', 'localOffset'] as const)
            if (e[f] === MAX32 && q + 8 <= x + 4 + len) {
              e[f] = Number(dir.readBigUInt64LE(q));
              q += 8;
            }
        }
        x += 4 + len;
      }
      entries.push(e);
      p += 46 + nameLen + extraLen + commentLen;
    }
    return entries;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Inflates every entry without keeping the bytes and answers the real unpacked total, stopping as soon as it passes
 * `limit` (then it answers a number above it): a zip whose directory under-states its sizes cannot slip through.
 * zlib runs on libuv's thread pool, so this never holds the event loop.
 */
export async function unpackedSize(file: string, entries: ZipEntry[], limit: number): Promise<number> {
  let total = 0;
  const fd = await fs.promises.open(file, 'r');
  try {
    for (const e of entries) {
      const head = Buffer.alloc(30);
      await fd.read(head, 0, 30, e.localOffset);
      if (head.readUInt32LE(0) !== LOCAL) throw new Error('bad local header');
      const start = e.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
      if (e.method === 0) {
        total += e.compressedSize;
        if (total > limit) return total;
        continue;
      }
      if (e.method !== 8) throw new Error(`unsupported compression ${e.method}`);
      if (e.compressedSize === 0) continue;
      const input = fs.createReadStream(file, { start, end: start + e.compressedSize - 1 });
      const inflate = zlib.createInflateRaw();
      const over = await new Promise<boolean>((resolve, reject) => {
        inflate.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > limit) {
            input.unpipe(inflate);
            input.destroy();
            inflate.destroy();
            resolve(true);
          }
        });
        inflate.on('end', () => resolve(false));
        inflate.on('error', reject);
        input.on('error', reject);
        input.pipe(inflate);
      });
      if (over) return total;
    }
    return total;
  } finally {
    await fd.close();
  }
}
