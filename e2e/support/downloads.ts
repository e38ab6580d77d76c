import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { tx } from './app.ts';

/** Waits for the download panel's row of a task (by a part of its file name) to be ready; downloads it. */
export async function taskFile(page: Page, namePart: string): Promise<string> {
  const task = page.locator('.sy-download-panel .sy-dl-row').filter({ hasText: namePart }).first();
  await task.getByText(tx('zh', 'app.downloads.ready')).waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    task.getByRole('button', { name: tx('zh', 'app.downloads.download') }).click(),
  ]);
  return (await download.path()) as string;
}

/** The first worksheet of an xlsx file, every cell as text ('' when empty). */
export async function firstSheet(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(file) as any);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? '')));
  });
  return rows;
}
