import type { MailConfigSave, MailConfigView } from '@shuyuan/contracts/mail/mail';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { seal, unseal } from '../../platform/secret-box.ts';
import { Scope } from '../../platform/tenancy.ts';
import { mailConfig } from './mail-config.table.ts';

export async function loadConfig(db: Db, scope: Scope) {
  const [r] = await db.select().from(mailConfig).where(scope.where(mailConfig)).limit(1);
  return r;
}

export async function viewConfig(db: Db, scope: Scope): Promise<MailConfigView> {
  const r = await loadConfig(db, scope);
  if (!r)
    return {
      host: '',
      port: 465,
      secure: true,
      user: '',
      from: '',
      fromName: '',
      hasPassword: false,
      configured: false,
    };
  return {
    host: r.host,
    port: r.port,
    secure: r.secure,
    user: r.user,
    from: r.fromAddress,
    fromName: r.fromName,
    hasPassword: !!r.password,
    configured: true,
  };
}

export async function saveConfig(db: Db, scope: Scope, userId: number, b: MailConfigSave): Promise<MailConfigView> {
  const old = await loadConfig(db, scope);
  // An empty password field means "keep what is stored" (the form never receives it).
  const password = b.clearPassword ? null : b.password ? seal(b.password) : (old?.password ?? null);
  const values = {
    host: b.host,
    port: b.port,
    secure: b.secure,
    user: b.user,
    password,
    fromAddress: b.from,
    fromName: b.fromName,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  if (old) await db.update(mailConfig).set(values).where(scope.where(mailConfig));
  else await db.insert(mailConfig).values(scope.values(values));
  return viewConfig(db, scope);
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
}

/**
 * Sends a message through the school's SMTP server (reminders, notices, the test mail). Throws
 * MAIL_NOT_CONFIGURED when the school has none, MAIL_SEND_FAILED with the server's reason otherwise.
 */
export async function sendMail(
  app: FastifyInstance,
  schoolId: number,
  msg: MailMessage,
): Promise<{ messageId: string }> {
  const c = await loadConfig(app.database.db, new Scope(schoolId));
  if (!c) throw fail('MAIL_NOT_CONFIGURED', 'mail.notConfigured');
  const transport = nodemailer.createTransport({
    host: c.host,
    port: c.port,
    secure: c.secure,
    auth: c.user ? { user: c.user, pass: c.password ? unseal(c.password) : '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    const info = await transport.sendMail({
      from: c.fromName ? { name: c.fromName, address: c.fromAddress } : c.fromAddress,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
    });
    return { messageId: info.messageId };
  } catch (e: any) {
    throw fail('MAIL_SEND_FAILED', 'mail.sendFailed', { reason: String(e?.response ?? e?.message ?? e).slice(0, 300) });
  } finally {
    transport.close();
  }
}
