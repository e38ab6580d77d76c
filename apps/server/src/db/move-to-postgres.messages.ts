import { registerMessages } from '../platform/i18n/messages.ts';

/** What `npm run move-to-postgres` says (move-to-postgres.ts and its CLI), in the command line's language (`cliLang`). */
registerMessages({
  'move.usage': {
    zh: '用法：npm run move-to-postgres -- postgres://用户:密码@主机:5432/数据库 [--lang=zh|en]（先停止服务器）',
    en: 'Usage: npm run move-to-postgres -- postgres://user:password@host:5432/database [--lang=zh|en] (server stopped)',
  },
  'move.copying': {
    zh: '正在把 {{dir}} 的内置数据库复制到 {{url}} …',
    en: 'Copying the embedded database of {{dir}} to {{url}} …',
  },
  'move.schema': {
    zh: '正在 PostgreSQL 中建立数据库结构（迁移）…',
    en: 'Creating the schema in PostgreSQL (migrations) …',
  },
  'move.tableRows': { zh: '  {{table}}：{{rows}} 行', en: '  {{table}}: {{rows}} rows' },
  'move.done': {
    zh: '完成，用时 {{seconds}} 秒：{{tables}} 张表，{{rows}} 行；每张表的行数都一致。',
    en: "Done in {{seconds}} s: {{tables}} tables, {{rows}} rows; every table's row count matches.",
  },
  'move.startWith': {
    zh: '在服务器的环境中加入下面这一行，即可在 PostgreSQL 上启动（保留 DATA_DIR，文件仍在其中）：',
    en: 'Start the server on PostgreSQL with this line in its environment (keep DATA_DIR for the files):',
  },
  'move.cannotConnect': { zh: '无法连接 {{url}}：{{error}}', en: 'Cannot connect to {{url}}: {{error}}' },
  'move.notEmpty': {
    zh: '该 PostgreSQL 数据库不是空的。请新建一个空数据库（例如 `createdb shuyuan`），再给出它的地址。',
    en: 'The PostgreSQL database is not empty. Create an empty one (e.g. `createdb shuyuan`) and give its address.',
  },
  'move.cycle': {
    zh: '外键在数据表 {{table}} 处形成循环，无法确定复制顺序。',
    en: 'Foreign keys form a cycle at table {{table}}: no order to copy in.',
  },
  'move.countMismatch': {
    zh: '{{table}}：PostgreSQL 中有 {{target}} 行，而数据文件夹中有 {{source}} 行。',
    en: '{{table}}: {{target}} rows in PostgreSQL but {{source}} in the data folder',
  },
  'move.locked': {
    zh: '数据文件夹 {{dir}} 正被另一个书苑进程（PID {{pid}}）使用。请先停止服务器再迁移。',
    en: 'The data folder {{dir}} is in use by another Shuyuan process (PID {{pid}}). Stop the server before moving it.',
  },
});
