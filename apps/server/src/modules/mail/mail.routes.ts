import { P } from '@shuyuan/contracts/common/paths';
import { MAIL_CODE, MailConfigSave, SendTestMailBody } from '@shuyuan/contracts/mail/mail';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { saveConfig, sendMail, viewConfig } from './mail.service.ts';

export function mailRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Mail/GetMailConfig`,
    access: MAIL_CODE,
    handler: ({ db, scope }) => viewConfig(db, scope),
  });

  route(app, {
    url: `${P}/Mail/SaveMailConfig`,
    access: `${MAIL_CODE}:edit`,
    schema: MailConfigSave,
    audit: 'mail.config',
    handler: ({ db, scope, user, body }) => saveConfig(db, scope, user!.userId, body),
  });

  route(app, {
    url: `${P}/Mail/SendTestMail`,
    access: `${MAIL_CODE}:test`,
    schema: SendTestMailBody,
    audit: 'mail.test',
    handler: ({ schoolId, body, t }) =>
      sendMail(app, schoolId, {
        to: body.to,
        subject: t('mail.testSubject'),
        text: t('mail.testBody'),
      }),
  });
}
