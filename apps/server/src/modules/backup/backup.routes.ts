import fs from 'node:fs';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { P } from '@shuyuan/contracts/common/paths';
import {
  BACKUP_LINK_PATH,
  BACKUP_LINK_SECONDS,
  BACKUP_PERMISSION,
  BackupLinkBody,
  type BackupLinkResult,
  type BackupListResult,
  DOWNLOAD_BACKUP_PATH,
  DownloadBackupQuery,
} from '@shuyuan/contracts/backup/backup';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { BizError, notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/files/files.ts';
import { t } from '../../platform/i18n/messages.ts';
import { route } from '../../platform/route.ts';
import { issueTicket, readTicket, useTicket } from './download-link.ts';
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
    url: `${P}${BACKUP_LINK_PATH}`,
    access: `${BACKUP_PERMISSION}:download`,
    schema: BackupLinkBody,
    audit: 'backup.download',
    keepsCallers: true,
    summary: `A signed download link of one backup, valid for ${BACKUP_LINK_SECONDS} s and usable once`,
    handler: async ({ schoolId, body, user, lang }): Promise<BackupLinkResult> => {
      await topOnly(schoolId);
      if (!backupFile(app.config.backupDir, body.Name)) throw notFound('backup.notFound');
      const t = issueTicket({ name: body.Name, userId: user!.userId, schoolId, lang });
      return {
        Url: `${P}${DOWNLOAD_BACKUP_PATH}?Ticket=${t.ticket}`,
        ExpiresAt: new Date(t.e).toISOString(),
      };
    },
  });

  // The link itself: no token (the browser's download manager fetches it); the signed ticket is the permission.
  route(app, {
    method: 'GET',
    url: `${P}${DOWNLOAD_BACKUP_PATH}`,
    access: 'public',
    schema: DownloadBackupQuery,
    raw: true,
    summary: 'Streams a backup file for a link from GetDownloadLink (expired, used or forged links are refused)',
    handler: async ({ req, reply, body, lang }) => {
      const refuse = (status: number, key: string, l: Lang) => {
        req.log.warn({ refused: key }, 'backup download refused');
        return reply.code(status).type('text/html; charset=utf-8').send(refusalPage(l, key));
      };
      // A HEAD (a download manager looking first) must not use the link up.
      const head = req.method === 'HEAD';
      const t = head ? readTicket(body.Ticket) : await useTicket(app.database.db, body.Ticket);
      if (typeof t === 'string') {
        const known = readTicket(body.Ticket);
        return refuse(t === 'backup.linkForged' ? 403 : 410, t, typeof known === 'string' ? lang : known.l);
      }
      if (head && t.e <= Date.now()) return refuse(410, 'backup.linkExpired', t.l);
      const abs = backupFile(app.config.backupDir, t.n);
      if (!abs) return refuse(404, 'backup.notFound', t.l);
      const size = fs.statSync(abs).size;
      if (!head) req.log.info({ backup: t.n, size, userId: t.u, schoolId: t.s }, 'backup download');
      reply.header('content-type', 'application/gzip');
      reply.header('content-length', size);
      reply.header('content-disposition', contentDisposition(t.n));
      reply.header('cache-control', 'no-store');
      return reply.send(fs.createReadStream(abs));
    },
  });
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a browser shows for a refused link: the reason, and the way back to the backups screen. */
function refusalPage(lang: Lang, key: string): string {
  const title = t(lang, 'backup.linkRefused');
  return `<!DOCTYPE html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;margin:15vh auto;max-width:32rem;text-align:center;color:#333}a{color:#1677ff}</style></head><body><h2>${esc(title)}</h2><p>${esc(t(lang, key))}</p><p><a href="/library/#/sys/backup">${esc(t(lang, 'backup.backToList'))}</a></p></body></html>`;
}
