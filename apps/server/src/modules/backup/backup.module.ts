import { registerMessages } from '../../platform/i18n/messages.ts';
import { registerSchedule } from '../../platform/jobs/jobs.ts';
import type { ServerModule } from '../index.ts';
import { backupRoutes } from './backup.routes.ts';
import { scheduledBackup } from './backup.service.ts';

registerMessages({
  'backup.running': {
    zh: '已有一个备份正在进行，请等它完成',
    en: 'A backup is already running; wait for it to finish',
  },
  'backup.topOnly': {
    zh: '备份包含所有单位的数据，只有顶级单位的管理员可以查看和下载',
    en: 'Backups hold the data of every unit: only the administrators of the top-level unit may see and download them',
  },
  'backup.notFound': { zh: '备份文件不存在', en: 'Backup file not found' },
  'backup.linkRefused': { zh: '无法下载备份', en: 'The backup cannot be downloaded' },
  'backup.linkExpired': {
    zh: '下载链接已过期（链接只在 1 分钟内有效）。请回到备份页面，再点一次“下载”。',
    en: 'This download link has expired (links are valid for one minute). Go back to the backups page and click "Download" again.',
  },
  'backup.linkUsed': {
    zh: '下载链接已经用过（每个链接只能下载一次）。请回到备份页面，再点一次“下载”。',
    en: 'This download link has already been used (each link downloads once). Go back to the backups page and click "Download" again.',
  },
  'backup.linkForged': {
    zh: '下载链接无效（不是本系统签发的，或被改动过）。请在备份页面点“下载”。',
    en: 'This download link is not valid (it was not issued by this server or was altered). Use "Download" on the backups page.',
  },
  'backup.backToList': { zh: '返回备份页面', en: 'Back to the backups page' },
});

// Checked every minute; due at the configured hour (modules/backup/README.md). One process runs it each turn.
registerSchedule('backup', { everyMs: 60_000 }, async (app) => {
  if (app.config.backupSchedule) await scheduledBackup(app);
});

/** Backups: scheduled and on demand, listed and downloaded on /sys/backup (README.md). */
export const backupModule: ServerModule = { name: 'backup', routes: backupRoutes };
