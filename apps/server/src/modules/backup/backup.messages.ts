import { registerMessages } from '../../platform/i18n/messages.ts';

/**
 * What a backup or a restore can fail with (archive.ts BackupError): the back office shows a failed backup task's
 * reason in the user's language; `npm run restore` prints the English text.
 */
registerMessages({
  'backup.toolFailed': { zh: '{{tool}} 运行失败：{{detail}}', en: '{{tool}} failed: {{detail}}' },
  'backup.toolMissing': {
    zh: '找不到 {{tool}}：请安装与数据库服务器版本相同的 PostgreSQL 客户端工具（如 apt install postgresql-client），使 {{tool}} 可以运行。',
    en: "{{tool}} was not found: install the PostgreSQL client tools of your server's version (e.g. apt install postgresql-client) so that {{tool}} is on the PATH.",
  },
  'backup.toolTooOld': {
    zh: '{{tool}} 的版本是 {{have}}，而数据库服务器是 PostgreSQL {{server}}：请安装 PostgreSQL {{server}} 的客户端工具（{{tool}} {{server}} 或更新版本）。',
    en: '{{tool}} is version {{have}} but the database server is PostgreSQL {{server}}: install the PostgreSQL {{server}} client tools ({{tool}} {{server}} or newer).',
  },
  'backup.damaged': {
    zh: '备份文件不完整或已损坏（被截断，或写入后被改动），请使用其他备份。（{{detail}}）',
    en: 'The backup file is incomplete or damaged (it was cut short or changed after it was written); use another backup. ({{detail}})',
  },
  'backup.entryMissing': { zh: '缺少 {{name}}', en: '{{name}} is missing' },
  'backup.entryChanged': { zh: '{{name}} 与校验和不符', en: '{{name}} does not match its checksum' },
  'backup.noManifest': { zh: '没有清单', en: 'no manifest' },
  'backup.badManifest': { zh: '清单无法读取', en: 'unreadable manifest' },
  'backup.dumpUnreadable': {
    zh: 'pg_restore 无法读取数据库转储：{{detail}}',
    en: 'pg_restore cannot read the database dump: {{detail}}',
  },
  'backup.notBackup': { zh: '该文件不是书苑的备份。', en: 'This file is not a Shuyuan backup.' },
  'backup.fileMissing': { zh: '备份文件 {{file}} 不存在。', en: 'The backup file {{file}} does not exist.' },
});
