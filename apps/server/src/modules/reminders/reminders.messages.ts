import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of reminders: log export headers and the log's reasons. */
registerMessages({
  'reminders.noAddress': { zh: '读者没有电子邮箱', en: 'The reader has no e-mail address' },
  'reminders.ok': { zh: '发送成功', en: 'Sent' },
  'reminders.logFile': { zh: '催还通知记录', en: 'Reminder log' },
  'reminders.trigger.schedule': { zh: '系统定时', en: 'Daily schedule' },
  'reminders.kind.overdue': { zh: '超期催还', en: 'Overdue' },
  'reminders.kind.due_soon': { zh: '到期提醒', en: 'Due soon' },
  'reminders.kind.hold_ready': { zh: '预约到书', en: 'Reservation ready' },
  'reminders.col.createdAt': { zh: '发送时间', en: 'Sent at' },
  'reminders.col.kind': { zh: '类型', en: 'Kind' },
  'reminders.col.reader': { zh: '读者', en: 'Reader' },
  'reminders.col.to': { zh: '收件地址', en: 'To' },
  'reminders.col.subject': { zh: '主题', en: 'Subject' },
  'reminders.col.loans': { zh: '图书数', en: 'Items' },
  'reminders.col.result': { zh: '结果', en: 'Result' },
  'reminders.col.operator': { zh: '发送人', en: 'Sent by' },
});
