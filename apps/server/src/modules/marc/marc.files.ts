import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { ownUpload } from '../../platform/files/files.ts';

/**
 * The absolute path of an uploaded file named by the url the upload answered (`/files/uploads/<school>/…`).
 * Only the caller's own school's uploads: a url of another school is "not found", not a way to read it.
 */
export function uploadedFile(app: FastifyInstance, schoolId: number, fileUrl: string): string {
  const abs = ownUpload(app, schoolId, fileUrl);
  if (!abs) throw fail('MARC_FILE_MISSING', 'marc.fileMissing');
  return abs;
}
