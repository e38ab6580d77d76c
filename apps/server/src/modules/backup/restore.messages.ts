import { registerMessages } from '../../platform/i18n/messages.ts';

/**
 * What `npm run restore` says (restore.ts, restore-cli.ts): its refusals, its progress lines and its summary, in
 * the language of the command line (`cliLang`, platform/i18n/cli-lang.ts).
 */
registerMessages({
  'restore.usage': {
    zh: '用法：npm run restore -- 备份文件 [--force] [--lang=zh|en]',
    en: 'Usage: npm run restore -- BACKUP_FILE [--force] [--lang=zh|en]',
  },
  'restore.locked': {
    zh: '数据文件夹 {{dir}} 正被另一个书苑进程（PID {{pid}}）使用。请先停止服务器再恢复。',
    en: 'The data folder {{dir}} is in use by another Shuyuan process (PID {{pid}}). Stop the server before restoring.',
  },
  'restore.checking': { zh: '正在检查 {{file}} …', en: 'Checking {{file}} …' },
  'restore.checked': {
    zh: '{{createdAt}} 的备份（书苑 {{version}}，{{engine}}）：检查通过。',
    en: 'Backup of {{createdAt}} (Shuyuan {{version}}, {{engine}}): checked.',
  },
  'restore.engine.pglite': { zh: '内置数据库', en: 'embedded database' },
  'restore.engine.postgres': { zh: 'PostgreSQL', en: 'PostgreSQL' },
  'restore.embeddedIntoPostgres': {
    zh: '这是内置数据库的备份：请先恢复到数据文件夹（不设置 DATABASE_URL），再用 `npm run move-to-postgres -- postgres://…` 把该文件夹迁移到 PostgreSQL。',
    en: 'This backup is of the embedded database: restore it into a data folder (without DATABASE_URL), then move that folder to PostgreSQL with `npm run move-to-postgres -- postgres://…`.',
  },
  'restore.postgresNeedsUrl': {
    zh: '这是 PostgreSQL 数据库的备份：请把 DATABASE_URL 设为要恢复到的（空）数据库。',
    en: 'This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.',
  },
  'restore.databaseNotEmpty': {
    zh: '目标数据库中已经有数据表。请恢复到一个空数据库，或加上 --force 替换其中的全部内容。',
    en: 'The database already holds tables. Restore into an empty database, or add --force to replace everything in it.',
  },
  'restore.folderNotEmpty': {
    zh: '{{paths}} 中已经有数据。请恢复到一个空的数据文件夹（DATA_DIR），或加上 --force 把现有数据移到一旁。',
    en: '{{paths}} already holds data. Restore into an empty data folder (DATA_DIR), or add --force to move the present data aside.',
  },
  'restore.unsafeName': {
    zh: '备份中有不安全的文件名：{{name}}',
    en: 'The backup holds an unsafe file name: {{name}}',
  },
  'restore.countsDiffer': {
    zh: '恢复后的数据库与备份记录不符（表：恢复的行数 ≠ 备份的行数）：{{detail}}',
    en: 'The restored database does not hold what the backup says (table: rows restored ≠ rows in the backup): {{detail}}',
  },
  'restore.movedAside': { zh: '已把 {{from}} 移到 {{to}}。', en: 'Moved {{from}} aside to {{to}}.' },
  'restore.filesRestored': { zh: '已恢复 {{n}} 个上传文件。', en: 'Restored {{n}} uploaded file(s).' },
  'restore.restoringEmbedded': { zh: '正在恢复内置数据库 …', en: 'Restoring the embedded database …' },
  'restore.restoringPostgres': {
    zh: '正在恢复 PostgreSQL 数据库（pg_restore）…',
    en: 'Restoring the PostgreSQL database (pg_restore) …',
  },
  'restore.theDatabase': { zh: 'PostgreSQL 数据库', en: 'the PostgreSQL database' },
  'restore.summary.into': { zh: '已恢复到 {{target}}：', en: 'Restored into {{target}}:' },
  'restore.summary.backup': {
    zh: '  备份于 {{createdAt}} 由书苑 {{version}} 制作（{{migrations}} 个数据库结构迁移）',
    en: '  backup made {{createdAt}} by Shuyuan {{version}} ({{migrations}} schema migrations)',
  },
  'restore.summary.rows': {
    zh: '  {{tables}} 张表，{{rows}} 行——每张表的行数都与备份一致',
    en: "  {{tables}} tables, {{rows}} rows — every table's row count matches the backup",
  },
  'restore.summary.files': { zh: '  {{n}} 个上传文件', en: '  {{n}} uploaded files' },
  'restore.summary.filesAndKey': {
    zh: '  {{n}} 个上传文件，以及密钥',
    en: '  {{n}} uploaded files, and the secret key',
  },
  'restore.summary.kept': { zh: '  原有数据保存在 {{path}}', en: '  the data that was there is kept in {{path}}' },
  'restore.summary.start': {
    zh: '启动服务器（npm start）：它会应用更新的数据库结构迁移。',
    en: 'Start the server (npm start): it applies any newer schema migrations.',
  },
});
