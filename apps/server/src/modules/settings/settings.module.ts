import { registerMessages } from '../../platform/i18n/messages.ts';
import type { ServerModule } from '../index.ts';
import { releaseRoutes } from './release.routes.ts';
import { settingsRoutes } from './settings.routes.ts';

registerMessages({
  'settings.unknownKey': { zh: '未知的设置项', en: 'Unknown setting' },
  'settings.badTimeZone': { zh: '无效的时区', en: 'Invalid time zone' },
  'settings.badImage': { zh: '请上传图片', en: 'Please upload an image' },
  'settings.release.titleRequired': { zh: '请填写标题', en: 'Please fill in the title' },
  'settings.release.contentRequired': { zh: '请填写内容', en: 'Please fill in the content' },
});

/**
 * School settings (/setting) and library basic configuration (/basic-config) over the typed registry, and
 * release notes (/update-log, /updatelog).
 */
export const settingsModule: ServerModule = {
  name: 'settings',
  routes: (app) => {
    settingsRoutes(app);
    releaseRoutes(app);
  },
};
