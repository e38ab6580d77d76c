import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { startupWorkDone } from '../../platform/startup-work.ts';
import { loginCaptcha } from './captcha.table.ts';

/**
 * Browser tests run the real server as a child process. With SHUYUAN_TEST_IPC=1 its parent — and only the parent:
 * the IPC channel belongs to the process — may ask for a picture code's answer, as the person looking at the
 * picture would read it, and wait for the start-up work (platform/startup-work.ts) before it copies the server's
 * database as a template. Nothing reaches this over the network.
 */
export function answerTestHarness(db: Db): () => void {
  if (!process.send || process.env.SHUYUAN_TEST_IPC !== '1') return () => {};
  const onMessage = async (m: any) => {
    if (m?.startupWorkDone === true) {
      await startupWorkDone();
      process.send?.({ startupWorkDone: true });
      return;
    }
    if (typeof m?.captchaAnswer !== 'string') return;
    const [row] = await db
      .select({ answer: loginCaptcha.answer })
      .from(loginCaptcha)
      .where(eq(loginCaptcha.id, m.captchaAnswer))
      .limit(1);
    process.send?.({ captchaAnswer: m.captchaAnswer, answer: row?.answer ?? null });
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}
