import fs from 'node:fs';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_PUBLIC_DIR } from '@shuyuan/contracts/settings/upload';
import { fail, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
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
    summary:
      'Upload one image, spreadsheet or data file such as MARC (multipart, field "file"; "category" cover, logo, ' +
      'map or picture makes an image public)',
    handler: async ({ req, schoolId }) => {
      const { file, fields } = await readMultipart(req, acceptOnly('image', 'sheet', 'data'));
      if (!file) throw fail('UPLOAD_NO_FILE', 'upload.noFile');
      return storeUpload(app, schoolId, file.fileName, file.data, fields.category);
    },
  });

  route(app, {
    url: '/micro/3rd/api/upload/uploadImage',
    access: 'school',
    audit: 'upload.image',
    handler: async ({ req, schoolId }) => {
      const { file, fields } = await readMultipart(req, acceptOnly('image'));
      if (!file) throw fail('UPLOAD_NO_FILE', 'upload.noFile');
      return storeUpload(app, schoolId, file.fileName, file.data, fields.category);
    },
  });

  route(app, {
    url: '/micro/3rd/api/upload/MergeFile',
    access: 'school',
    audit: 'upload.chunk',
    summary: 'Chunked upload: fileId, index, total, fileName + one chunk; the last chunk merges',
    handler: async ({ req, schoolId }) => receiveChunk(app, req, schoolId),
  });

  // Uploaded files. Public images (uploads/<school>/public/…: covers, logos, maps, library pictures) are for anyone,
  // so an <img> needs no token; everything else — reader photos, screenshots, spreadsheets of readers, data files —
  // only for a signed-in member of the file's school (the web fetches them with its token). A caller naming a
  // school (schoolID header or query) may only read that school's folder.
  route(app, {
    method: 'GET',
    url: '/files/uploads/:school/*',
    access: 'public',
    raw: true,
    handler: async ({ req, reply, user }) => {
      const params = req.params as { school: string; '*': string };
      const q = (req.query as Record<string, string>).schoolID;
      const asked = Number(req.headers.schoolid ?? q ?? 0);
      if (asked && String(asked) !== params.school) throw forbidden();
      const open = params['*'].startsWith(`${UPLOAD_PUBLIC_DIR}/`);
      if (!open && !user) throw unauthorized();
      if (!open && !user?.schoolIds.includes(Number(params.school))) throw forbidden();
      const file = await statFile(app, `uploads/${params.school}/${params['*']}`);
      if (!file) throw notFound();
      reply.header('content-type', contentType(file.abs));
      reply.header('content-length', file.size);
      reply.header('cache-control', open ? 'public, max-age=86400' : 'private, max-age=3600');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(fs.createReadStream(file.abs));
    },
  });
}
