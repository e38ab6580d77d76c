import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { Scope } from '../../platform/tenancy.ts';
import { taskDone, useTestApp } from '../../test/helper.ts';
import { makeReader } from '../circulation/test-fixtures.ts';
import { reminderLog } from '../reminders/reminder-log.table.ts';
import { schoolTime } from '../reminders/school-time.ts';
import { school } from '../school/school.table.ts';
import { ledgerEntry } from './loss.table.ts';

const t = useTestApp();

async function exported(url: string): Promise<string[][]> {
  const start = await t.post(url, {}, { lang: 'en' });
  expect(start.json.code, start.json.msg).toBe(0);
  const job = await taskDone(t, start.json.data.DataID);
  const file = await t.inject({
    method: 'GET',
    url: job.ResultFile,
    headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as any);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map(String));
  });
  return out;
}

describe('export times', () => {
  it('writes an event time in the school time zone', () => {
    expect(schoolTime('2026-11-24T17:05:09.000Z', 'Asia/Shanghai')).toBe('2026-11-25 01:05:09');
    expect(schoolTime(new Date('2026-07-01T00:00:00Z'), 'Europe/London')).toBe('2026-07-01 01:00:00');
    expect(schoolTime(null, 'Asia/Shanghai')).toBe('');
  });

  it('ledger and reminder exports print the school clock, not UTC', async () => {
    const scope = new Scope(t.schoolId);
    const r = await makeReader(t.db, scope, { name: '时间' });
    // 17:30 UTC is 01:30 the next morning in Shanghai.
    const at = new Date('2026-11-24T17:30:00Z');
    await t.db.insert(ledgerEntry).values(
      scope.values({
        kind: 'deposit',
        amountFen: 500,
        readerId: r.id,
        ref: 'TZ-1',
        operatorId: null,
        note: '',
        createdAt: at,
      }),
    );
    await t.db.insert(reminderLog).values(
      scope.values({
        kind: 'overdue',
        trigger: 'manual',
        readerId: r.id,
        toAddress: 'x@example.com',
        ok: true,
        createdAt: at,
      }),
    );
    const ledger = await exported(`${P}/Loss/ExportLedgerEntry`);
    expect(ledger.find((row) => row.includes('TZ-1'))?.[0]).toBe('2026-11-25 01:30:00');
    const logs = await exported(`${P}/Reminder/ExportReminderLog`);
    expect(logs.slice(1).map((row) => row[0])).toContain('2026-11-25 01:30:00');

    // A school elsewhere reads its own clock.
    await t.db.update(school).set({ timeZone: 'Europe/London' }).where(eq(school.id, t.schoolId));
    const london = await exported(`${P}/Loss/ExportLedgerEntry`);
    expect(london.find((row) => row.includes('TZ-1'))?.[0]).toBe('2026-11-24 17:30:00');
    await t.db.update(school).set({ timeZone: 'Asia/Shanghai' }).where(eq(school.id, t.schoolId));
  });
});
