import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_CHUNK_MAX, UPLOAD_CHUNKED_MAX, UPLOAD_CHUNKS_MAX } from '@shuyuan/contracts/settings/upload';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, invalid } from '../../platform/errors.ts';
import { ensureDir } from '../../platform/files/files.ts';
import { readMultipart, storeUpload } from './upload.service.ts';

const FILE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Chunked upload for big files (MARC, spreadsheets): each call sends one chunk with fileId, index (0-based),
 * total and fileName; chunks wait in files/chunks/<school>/<fileId>/ and the call that completes the set
 * merges them into one upload (type and size checked on the whole file) and removes the pieces.
 */
export async function receiveChunk(app: FastifyInstance, req: FastifyRequest, schoolId: number) {
  const { fields, file } = await readMultipart(req, () => UPLOAD_CHUNK_MAX);
  const fileId = fields.fileId ?? '';
  const index = Number(fields.index);
  const total = Number(fields.total);
  const fileName = path.basename(fields.fileName || file?.fileName || '');
  const issues = [];
  if (!FILE_ID.test(fileId)) issues.push({ path: 'fileId', message: 'fileId' });
  if (!Number.isInteger(total) || total < 1 || total > UPLOAD_CHUNKS_MAX)
    issues.push({ path: 'total', message: 'total' });
  if (!Number.isInteger(index) || index < 0 || index >= total) issues.push({ path: 'index', message: 'index' });
  if (!fileName) issues.push({ path: 'fileName', message: 'fileName' });
  if (!file) issues.push({ path: 'file', message: 'file' });
  if (issues.length) throw invalid(issues);
  const dir = ensureDir(app, `chunks/${schoolId}/${fileId}`);
  await fs.promises.writeFile(path.join(dir, String(index)), file!.data);
  const present = (await fs.promises.readdir(dir)).filter((n) => /^\d+$/.test(n) && Number(n) < total);
  if (present.length < total) return { done: false, received: present.length, total };

  const parts: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < total; i++) {
    const b = await fs.promises.readFile(path.join(dir, String(i)));
    size += b.length;
    if (size > UPLOAD_CHUNKED_MAX) {
      await fs.promises.rm(dir, { recursive: true, force: true });
      throw fail('UPLOAD_TOO_LARGE', 'upload.tooLarge', { mb: UPLOAD_CHUNKED_MAX / 1048576 });
    }
    parts.push(b);
  }
  await fs.promises.rm(dir, { recursive: true, force: true });
  const stored = await storeUpload(app, schoolId, fileName, Buffer.concat(parts), fields.category);
  return { done: true, received: total, total, ...stored };
}
