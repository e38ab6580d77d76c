import { z } from 'zod';
import { zEmail } from '../common/validators.ts';

/** SMTP settings of a school (/email). The password is write-only: never sent back to the browser. */
export const MailConfigSave = z.object({
  host: z.string().trim().min(1, 'settings.email.hostRequired').max(200, 'validation.tooLong'),
  port: z.number().int().min(1).max(65535),
  /** true = TLS from the first byte (port 465); false = plain, upgraded with STARTTLS when offered. */
  secure: z.boolean(),
  user: z.string().trim().max(200, 'validation.tooLong').default(''),
  /** Empty or absent keeps the stored password; `clearPassword` removes it. */
  password: z.string().max(200, 'validation.tooLong').optional(),
  clearPassword: z.boolean().optional(),
  from: zEmail,
  fromName: z.string().trim().max(100, 'validation.tooLong').default(''),
});
export type MailConfigSave = z.infer<typeof MailConfigSave>;

export interface MailConfigView {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  from: string;
  fromName: string;
  /** Whether a password is stored (the password itself is never sent). */
  hasPassword: boolean;
  configured: boolean;
}

export const SendTestMailBody = z.object({ to: zEmail });

export const MAIL_CODE = 'email';
