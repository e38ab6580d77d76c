import type { Db } from '../../db/client.ts';
import { loginLog } from './login-log.table.ts';

export interface LoginAttempt {
  schoolId?: number | null;
  userId?: number | null;
  account: string;
  userName?: string | null;
  success: boolean;
  reason?: string | null;
  method?: 'password' | 'client_credentials' | 'refresh' | 'sign-out' | 'external';
  ip?: string | null;
  userAgent?: string | null;
}

/** One row per sign-in attempt (shown on /sys/log/login). A failure to log never fails the sign-in. */
export async function recordLogin(db: Db, a: LoginAttempt): Promise<void> {
  try {
    await db.insert(loginLog).values({
      schoolId: a.schoolId ?? null,
      userId: a.userId ?? null,
      account: a.account.slice(0, 100),
      userName: a.userName ?? null,
      success: a.success,
      reason: a.reason ?? null,
      method: a.method ?? 'password',
      ip: a.ip ?? null,
      userAgent: a.userAgent?.slice(0, 500) ?? null,
    });
  } catch {}
}
