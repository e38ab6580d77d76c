import { z } from 'zod';

/** The backups screen (/sys/backup): the installation's backups, for the top-level school's administrators. */
export const BACKUP_PERMISSION = 'sys.backup';
/** The background task of a backup (shown on /process too). */
export const BACKUP_JOB = 'backup';
/**
 * A download is a link: `GetDownloadLink` (the top-level unit's administrators) answers a signed link valid for
 * `BACKUP_LINK_SECONDS` and usable once; a plain GET on it (no token: the browser's own download) streams the file.
 */
export const BACKUP_LINK_PATH = '/Backup/GetDownloadLink';
export const DOWNLOAD_BACKUP_PATH = '/Backup/DownloadBackup';
export const BACKUP_LINK_SECONDS = 60;

/** One backup as the screen lists it. */
export interface BackupView {
  /** The file name (shuyuan-YYYYMMDD-HHMMSS.tar.gz): what the download asks for. */
  Name: string;
  Size: number;
  CreatedAt: string;
  /** 'pglite' (embedded database) or 'postgres'. */
  Engine: string;
  Version: string;
  /** Rows in all tables together, and the number of uploaded files in the backup. */
  Rows: number;
  Files: number;
  DurationMs: number;
  /** How it was made: 'schedule' or 'manual'. */
  Trigger: string;
}

export interface BackupListResult {
  List: BackupView[];
  /** Where the backups are written on the server. */
  Folder: string;
  /** The running backup task, if any (its progress is read with GetProgress). */
  RunningJobId: number | null;
}

export const BackupLinkBody = z.object({ Name: z.string().regex(/^shuyuan-\d{8}-\d{6}(-\d+)?\.tar\.gz$/) });
export type BackupLinkBody = z.infer<typeof BackupLinkBody>;

export interface BackupLinkResult {
  /** Same-origin path with the signed ticket: navigate to it (the browser downloads the file). */
  Url: string;
  ExpiresAt: string;
}

/** The signed ticket of a link; anything else is refused with a message (not a validation error). */
export const DownloadBackupQuery = z.object({ Ticket: z.string().max(2000).optional() });
export type DownloadBackupQuery = z.infer<typeof DownloadBackupQuery>;
