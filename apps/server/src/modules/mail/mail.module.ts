import { registerMessages } from '../../platform/i18n/messages.ts';
import type { ServerModule } from '../index.ts';
import { mailRoutes } from './mail.routes.ts';

registerMessages({
  'settings.email.hostRequired': { zh: '请填写 SMTP 服务器', en: 'Please fill in the SMTP server' },
  'mail.notConfigured': { zh: '尚未设置邮件服务器', en: 'No mail server is set up' },
  'mail.sendFailed': { zh: '邮件发送失败：{{reason}}', en: 'Sending the mail failed: {{reason}}' },
  'mail.testSubject': { zh: '书苑测试邮件', en: 'Shuyuan test mail' },
  'mail.testBody': {
    zh: '这是一封测试邮件：邮件服务器设置正确。',
    en: 'This is a test mail: the mail server settings work.',
  },
});

/** SMTP settings per school (/email) and sendMail() for reminders and notices. */
export const mailModule: ServerModule = { name: 'mail', routes: mailRoutes };
