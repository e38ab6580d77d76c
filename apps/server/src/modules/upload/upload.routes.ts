import fs from 'node:fs';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { fail, forbidden, notFound } from '../../platform/errors.ts';
import { contentType, statFile } from '../../platform/files/files.ts';
import { route } from '../../platform/route.ts';
import { receiveChunk } from './chunks.ts';
import { maxSize, readMultipart, storeUpload, type UploadKind } from './upload.service.ts';

function acceptOnly(...kinds: UploadKind[]) {
  return (kind: UploadKind | null) => {
    if (!kind || !kinds.includes(kind))
      throw fail('UPLOAD_BAD_TYPE', kinds.length === 1 ? 'upload.imageOnly' : 'upload.badType');
    return maxSize(kind);
  };
}

export function uploadRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/upload/post`,
    access: 'school',
    audit: 'upload.post',
    summary: 'Upload one image, spreadsheet or data file such as MARC (multipart, field "file")',
    handler: async ({ req, schoolId }) => {
      const { file } = await readMultipart(req, acceptOnly('image', 'sheet', 'data'));
      if (!file) throw fail('UPLOAD_NO_FILE', 'upload.noFile');
      return storeUpload(app, schoolId, file.fileName, file.data);
    },
  });

  route(app, {
    url: '/micro/3rd/api/upload/uploadImage',
    access: 'school',
    audit: 'upload.image',
    handler: async ({ req, schoolId }) => {
      const { file } = await readMultipart(req, acceptOnly('image'));
      if (!file) throw fail('UPLOAD_NO_FILE', 'upload.noFile');
      return storeUpload(app, schoolId, file.fileName, file.data);
    },
  });

  route(app, {
    url: '/micro/3rd/api/upload/MergeFile',
    access: 'school',
    audit: 'upload.chunk',
    summary: 'Chunked upload: fileId, index, total, fileName + one chunk; the last chunk merges',
    handler: async ({ req, schoolId }) => receiveChunk(app, req, schoolId),
  });

  // Uploaded files. Names are random (128 bits) so an <img> needs no token; a caller naming a school
  // (schoolID header or query) may only read that school's folder.
  route(app, {
    method: 'GET',
    url: '/files/uploads/:school/*',
    access: 'public',
    raw: true,
    handler: async ({ req, reply }) => {
      const params = req.params as { school: string; '*': string };
      const q = (req.query as Record<string, string>).schoolID;
      const asked = Number(req.headers.schoolid ?? q ?? 0);
      if (asked && String(asked) !== params.school) throw forbidden();
      const file = await statFile(app, `uploads/${params.school}/${params['*']}`);
      if (!file) throw notFound();
      reply.header('content-type', contentType(file.abs));
      reply.header('content-length', file.size);
      reply.header('cache-control', 'private, max-age=86400');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(fs.createReadStream(file.abs));
    },
  });
}
