import { registerMessages } from '../../platform/i18n/messages.ts';
import type { ServerModule } from '../index.ts';
import { uploadRoutes } from './upload.routes.ts';

registerMessages({
  'upload.noFile': { zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  'upload.oneOnly': { zh: '只能上传一个文件', en: 'Upload one image only' },
  'upload.imageOnly': {
    zh: '只能上传图片（png、jpg、gif、webp、bmp）',
    en: 'Only images can be uploaded (png, jpg, gif, webp, bmp)',
  },
  'upload.badType': {
    zh: '不支持的文件类型，只能上传图片、表格（xlsx、xls、csv）或数据文件（MARC、XML、PDF、TXT、ZIP）',
    en: 'Unsupported file type: images, spreadsheets (xlsx, xls, csv) or data files (MARC, XML, PDF, TXT, ZIP) only',
  },
  'upload.badContent': { zh: '文件内容与扩展名不符', en: 'The file content does not match its extension' },
  'upload.tooLarge': { zh: '文件不能超过 {{mb}} MB', en: 'The file must not exceed {{mb}} MB' },
});

/** Uploads (images, spreadsheets, chunked big files) and serving of uploaded files. */
export const uploadModule: ServerModule = { name: 'upload', routes: uploadRoutes };
