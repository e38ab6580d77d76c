import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { resolveFile } from '../../platform/files/files.ts';

/**
 * The absolute path of an uploaded file named by the url the upload answered (`/files/uploads/<school>/…`).
 * Only the caller's own school's uploads: a url of another school is "not found", not a way to read it.
 */
export function uploadedFile(app: FastifyInstance, schoolId: number, fileUrl: string): string {
  const rel = fileUrl.replace(/^\/?files\//, '');
  const abs = rel.startsWith(`uploads/${schoolId}/`) ? resolveFile(app, rel) : null;
  if (!abs || !fs.existsSync(abs)) throw fail('MARC_FILE_MISSING', 'marc.fileMissing');
  return abs;
}
