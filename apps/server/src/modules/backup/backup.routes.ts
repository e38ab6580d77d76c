import fs from 'node:fs';
import { P } from '@shuyuan/contracts/common/paths';
import {
  BACKUP_PERMISSION,
  type BackupListResult,
  DOWNLOAD_BACKUP_PATH,
  DownloadBackupQuery,
} from '@shuyuan/contracts/backup/backup';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { BizError, notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/files/files.ts';
import { route } from '../../platform/route.ts';
import { backupFile, isTopSchool, listBackups, runningBackupJob, startBackup } from './backup.service.ts';

/**
 * /sys/backup. Backups hold every school of the installation, so only the administrators of a top-level school
 * (no parent school) with the permission see, start or download them; anyone else is refused.
 */
export function backupRoutes(app: FastifyInstance): void {
  const topOnly = async (schoolId: number) => {
    if (!(await isTopSchool(app, schoolId))) throw new BizError(ErrorCode.FORBIDDEN, 'backup.topOnly', undefined, 403);
  };

  route(app, {
    url: `${P}/Backup/GetBackupList`,
    access: BACKUP_PERMISSION,
    summary: 'The backups of the installation, newest first, and the running backup task',
    handler: async ({ schoolId }): Promise<BackupListResult> => {
      await topOnly(schoolId);
      return {
        List: listBackups(app.config.backupDir),
        Folder: app.config.backupDir,
        RunningJobId: await runningBackupJob(app),
      };
    },
  });

  route(app, {
    url: `${P}/Backup/StartBackup`,
    access: `${BACKUP_PERMISSION}:add`,
    audit: 'backup.start',
    summary: 'Back up now (a background task; progress through GetProgress)',
    handler: async ({ schoolId, user }) => {
      await topOnly(schoolId);
      return { DataID: await startBackup(app, schoolId, user!.userId, 'manual') };
    },
  });

  route(app, {
    method: 'GET',
    url: `${P}${DOWNLOAD_BACKUP_PATH}`,
    access: `${BACKUP_PERMISSION}:download`,
    schema: DownloadBackupQuery,
    audit: 'backup.download',
    raw: true,
    handler: async ({ schoolId, body, reply }) => {
      await topOnly(schoolId);
      const abs = backupFile(app.config.backupDir, body.Name);
      if (!abs) throw notFound('backup.notFound');
      reply.header('content-type', 'application/gzip');
      reply.header('content-length', fs.statSync(abs).size);
      reply.header('content-disposition', contentDisposition(body.Name));
      return reply.send(fs.createReadStream(abs));
    },
  });
}
