import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { resolveFile } from '../../platform/files/files.ts';
import { job } from '../../platform/jobs/job.table.ts';
import type { useTestApp } from '../../test/helper.ts';

/** Waits for an export job to finish (state 2) and answers the first worksheet of its file. */
export async function exportedSheet(t: ReturnType<typeof useTestApp>, jobId: number): Promise<ExcelJS.Worksheet> {
  let row: typeof job.$inferSelect | undefined;
  for (let i = 0; i < 100; i++) {
    [row] = await t.db.select().from(job).where(eq(job.id, jobId));
    if (row.state >= 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(row!.state).toBe(2);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(resolveFile(t.app, row!.resultFile!)!);
  return wb.worksheets[0];
}
