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
});

// Checked every minute; due at the configured hour (modules/backup/README.md). One process runs it each turn.
registerSchedule('backup', { everyMs: 60_000 }, async (app) => {
  if (app.config.backupSchedule) await scheduledBackup(app);
});

/** Backups: scheduled and on demand, listed and downloaded on /sys/backup (README.md). */
export const backupModule: ServerModule = { name: 'backup', routes: backupRoutes };
