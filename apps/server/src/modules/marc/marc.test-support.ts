import fs from 'node:fs';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { expect } from 'vitest';
import type { TestContext } from '../../test/helper.ts';
import { storeUpload } from '../upload/upload.service.ts';

export type As = { token: string; schoolId: number };
export interface ImportReport {
  summary: string;
  total: number;
  List: { status: string; reason: string; title: string; isbn?: string }[];
}

/**
 * Uploads a file (or bytes, named `name`) for a school, runs P/Marc/Import, waits for the task and answers the
 * import report (tests of the MARC import).
 */
export async function importMarcAs(
  t: TestContext,
  as: As | null,
  file: string | Buffer,
  body: Record<string, unknown> = {},
  lang = 'en',
  name = 'export.mrc',
): Promise<ImportReport> {
  const schoolId = as?.schoolId ?? t.schoolId;
  const data = typeof file === 'string' ? fs.readFileSync(file) : file;
  const { url } = await storeUpload(t.app, schoolId, typeof file === 'string' ? path.basename(file) : name, data);
  const opts = { ...(as ? { token: as.token, schoolId } : {}), lang: lang as 'en' | 'zh' };
  const start = await t.post(`${P}/Marc/Import`, { fileUrl: url, duplicatePolicy: 'skip', ...body }, opts);
  expect(start.json.code, JSON.stringify(start.json)).toBe(0);
  let job: any;
  for (let i = 0; i < 600 && !(job?.State >= 2); i++) {
    await new Promise((r) => setTimeout(r, 50));
    job = (await t.post(`${P}/Config/GetProgress`, { DataID: start.json.data.DataID }, opts)).json.data;
  }
  expect(job.State, job.Error).toBe(2);
  return (await t.post(`${P}/Marc/ImportReport`, { DataID: start.json.data.DataID }, opts)).json.data;
}

/** The school's records `ids` exported as ISO 2709 by P/Literature/marcbyitemid (as the test app's admin). */
export async function exportMarc(t: TestContext, ids: number[]): Promise<Buffer> {
  const res = await t.inject({
    method: 'POST',
    url: `${P}/Literature/marcbyitemid`,
    headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
    payload: { ids, format: 'iso2709' },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}
