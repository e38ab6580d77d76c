import path from 'node:path';
import {
  UPLOAD_DATA_EXT,
  UPLOAD_IMAGE_EXT,
  UPLOAD_IMAGE_MAX,
  UPLOAD_SHEET_EXT,
  UPLOAD_PUBLIC_CATEGORIES,
  UPLOAD_PUBLIC_DIR,
  UPLOAD_SHEET_MAX,
  type UploadResult,
} from '@shuyuan/contracts/settings/upload';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { randomName, saveFile } from '../../platform/files/files.ts';

export type UploadKind = 'image' | 'sheet' | 'data';

const has = (list: readonly string[], ext: string) => list.includes(ext);

export function kindOf(fileName: string): UploadKind | null {
  const ext = path.extname(fileName).toLowerCase();
  if (has(UPLOAD_IMAGE_EXT, ext)) return 'image';
  if (has(UPLOAD_SHEET_EXT, ext)) return 'sheet';
  if (has(UPLOAD_DATA_EXT, ext)) return 'data';
  return null;
}

const starts = (b: Buffer, ...bytes: number[]) => bytes.every((x, i) => b[i] === x);

/** The bytes must be what the name says: a renamed executable is not an image. */
export function contentMatches(fileName: string, b: Buffer): boolean {
  const ext = path.extname(fileName).toLowerCase();
  switch (ext) {
    case '.png':
      return starts(b, 0x89, 0x50, 0x4e, 0x47);
    case '.jpg':
    case '.jpeg':
      return starts(b, 0xff, 0xd8, 0xff);
    case '.gif':
      return b.subarray(0, 4).toString('latin1') === 'GIF8';
    case '.webp':
      return b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';
    case '.bmp':
      return b.subarray(0, 2).toString('latin1') === 'BM';
    case '.xlsx':
    case '.zip':
      return starts(b, 0x50, 0x4b, 0x03, 0x04);
    case '.xls':
      return starts(b, 0xd0, 0xcf, 0x11, 0xe0);
    case '.pdf':
      return b.subarray(0, 5).toString('latin1') === '%PDF-';
    default:
      // Text-like data (csv, txt, MARC): no NUL bytes in the first KB.
      return !b.subarray(0, 1024).includes(0);
  }
}

export function maxSize(kind: UploadKind): number {
  return kind === 'image' ? UPLOAD_IMAGE_MAX : UPLOAD_SHEET_MAX;
}

/** Reads a stream into memory, refusing it once it passes `limit` bytes. */
export async function readLimited(stream: AsyncIterable<Buffer>, limit: number, mb = limit / 1048576) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    size += c.length;
    if (size > limit) throw fail('UPLOAD_TOO_LARGE', 'upload.tooLarge', { mb: Math.round(mb) });
    chunks.push(c);
  }
  return Buffer.concat(chunks);
}

export interface Parsed {
  fields: Record<string, string>;
  file?: { fileName: string; data: Buffer };
}

/** Reads a multipart request: fields, and exactly one file within the kind's size limit. */
export async function readMultipart(
  req: FastifyRequest,
  accept: (kind: UploadKind | null, fileName: string) => number,
): Promise<Parsed> {
  if (!req.isMultipart()) throw fail('UPLOAD_NO_FILE', 'upload.noFile');
  const out: Parsed = { fields: {} };
  try {
    for await (const part of req.parts({ limits: { files: 2 } })) {
      if (part.type === 'field') {
        out.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (out.file) throw fail('UPLOAD_ONE_ONLY', 'upload.oneOnly');
      const fileName = path.basename(part.filename || 'file');
      const limit = accept(kindOf(fileName), fileName);
      out.file = { fileName, data: await readLimited(part.file, limit) };
    }
  } catch (e: any) {
    if (e?.code === 'FST_FILES_LIMIT') throw fail('UPLOAD_ONE_ONLY', 'upload.oneOnly');
    throw e;
  }
  return out;
}

/** True when an upload of this name and `category` field is a public image (contracts UPLOAD_PUBLIC_CATEGORIES). */
export function isPublicUpload(fileName: string, category: string | undefined): boolean {
  return kindOf(fileName) === 'image' && (UPLOAD_PUBLIC_CATEGORIES as readonly string[]).includes(category ?? '');
}

/**
 * Stores an upload under uploads/<school>/<yyyymm>/ with a random name — or uploads/<school>/public/<yyyymm>/ for a
 * public image (`isPublicUpload`) — and returns the URL it is served at.
 */
export async function storeUpload(
  app: FastifyInstance,
  schoolId: number,
  fileName: string,
  data: Buffer,
  category?: string,
): Promise<UploadResult> {
  if (!contentMatches(fileName, data)) throw fail('UPLOAD_BAD_TYPE', 'upload.badContent');
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const dir = isPublicUpload(fileName, category)
    ? `uploads/${schoolId}/${UPLOAD_PUBLIC_DIR}/${month}`
    : `uploads/${schoolId}/${month}`;
  const rel = await saveFile(app, dir, randomName(fileName), data);
  return { url: `/files/${rel}`, name: fileName, size: data.length };
}
