import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_IMAGE_EXT, UPLOAD_IMAGE_MAX, UPLOAD_PUBLIC_DIR } from '@shuyuan/contracts/settings/upload';
import type { FastifyInstance } from 'fastify';
import { BizError } from '../../platform/errors.ts';
import { statFile } from '../../platform/files/files.ts';
import { contentMatches } from '../upload/upload.service.ts';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * Pictures of a reader's share: at most `max`, each a public image this school uploaded (P/upload/post with
 * category `picture`: /files/uploads/<school>/public/…), an image by name and by content, within the upload's size
 * limit. Refused with the problem named on `field` (`pictures`); nothing is stored. Theme submissions use it too.
 */
export async function checkPictures(
  app: FastifyInstance,
  schoolId: number,
  urls: string[],
  max: number,
  t: T,
  field = 'pictures',
) {
  const refuse = (code: string, key: string, params: Record<string, unknown> = {}) =>
    new BizError(code, key, params, 200, [{ path: field, message: t(key, params) }]);
  if (urls.length > max) throw refuse('TOO_MANY_PICTURES', 'reviews.share.tooManyPictures', { max });
  const prefix = `/files/uploads/${schoolId}/${UPLOAD_PUBLIC_DIR}/`;
  for (const url of urls) {
    const ext = path.extname(url).toLowerCase();
    if (!url.startsWith(prefix) || !(UPLOAD_IMAGE_EXT as readonly string[]).includes(ext))
      throw refuse('BAD_PICTURE', 'reviews.share.badPicture');
    const file = await statFile(app, url.slice('/files/'.length));
    if (!file) throw refuse('BAD_PICTURE', 'reviews.share.badPicture');
    if (file.size > UPLOAD_IMAGE_MAX)
      throw refuse('PICTURE_TOO_LARGE', 'reviews.share.pictureTooLarge', { mb: UPLOAD_IMAGE_MAX / 1048576 });
    const head = Buffer.alloc(16);
    const fh = await fs.open(file.abs, 'r');
    try {
      await fh.read(head, 0, 16, 0);
    } finally {
      await fh.close();
    }
    if (!contentMatches(url, head)) throw refuse('BAD_PICTURE', 'reviews.share.badPicture');
  }
}
