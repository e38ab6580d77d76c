import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchaText, drawCaptcha } from './captcha-image.ts';
import { loginCaptcha } from './captcha.table.ts';

const TTL_MS = 5 * 60 * 1000;

/** A new picture code: the answer stays on the server (5 minutes, one use). */
export async function createCaptcha(db: Db): Promise<{ captchaId: string; image: string }> {
  const text = captchaText();
  const captchaId = randomBytes(16).toString('base64url');
  await db.insert(loginCaptcha).values({
    id: captchaId,
    answer: text.toLowerCase(),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  // Old answers are dropped as new ones are made; the table stays small without a timer.
  await db.delete(loginCaptcha).where(lt(loginCaptcha.expiresAt, new Date()));
  return { captchaId, image: `data:image/png;base64,${drawCaptcha(text).toString('base64')}` };
}

/** True when `answer` matches (case ignored). The code is used up either way. */
export async function checkCaptcha(db: Db, captchaId: string, answer: string): Promise<boolean> {
  const [row] = await db
    .delete(loginCaptcha)
    .where(and(eq(loginCaptcha.id, captchaId), gt(loginCaptcha.expiresAt, new Date())))
    .returning({ answer: loginCaptcha.answer });
  return !!row && row.answer === answer.trim().toLowerCase();
}
