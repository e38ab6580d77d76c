import type { Db } from '../../db/client.ts';
import { installSchoolId } from '../translation/translation.service.ts';
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

/**
 * One row per sign-in attempt (shown on /sys/log/login). A failure that names no school (unknown account,
 * wrong picture code) is logged for the top-level unit, whose administrators watch the install's sign-ins.
 * A failure to log never fails the sign-in.
 */
export async function recordLogin(db: Db, a: LoginAttempt): Promise<void> {
  try {
    const schoolId = a.schoolId ?? (a.success ? null : await installSchoolId(db));
    await db.insert(loginLog).values({
      schoolId,
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
