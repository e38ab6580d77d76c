import fs from 'node:fs';
import type { MarcExportFormat } from '@shuyuan/contracts/marc/api';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import type { Db } from '../../db/client.ts';
import type { JobHandle } from '../../platform/jobs/jobs.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { recordsForExport } from '../catalogue/catalogue.service.ts';
import { MarcTooLongError, writeIso2709 } from './lib/iso2709-writer.ts';
import { MARCXML_HEAD, MARCXML_TAIL, recordToXml } from './lib/marcxml-writer.ts';
import { buildMarc21, marcOf, type RecordRow } from './marc.build.ts';

export const EXT: Record<MarcExportFormat, string> = { iso2709: 'mrc', marcxml: 'xml' };
export const MIME: Record<MarcExportFormat, string> = {
  iso2709: 'application/marc',
  marcxml: 'application/marcxml+xml; charset=utf-8',
};

/** One record in the format. A stored MARC too long for ISO 2709 (99,999 bytes) falls back to the fields. */
function encode(r: RecordRow, format: MarcExportFormat): Buffer {
  const m: MarcRecord = marcOf(r);
  if (format === 'marcxml') return Buffer.from(recordToXml(m));
  try {
    return writeIso2709(m);
  } catch (e) {
    if (e instanceof MarcTooLongError) return writeIso2709(buildMarc21(r));
    throw e;
  }
}

const head = (f: MarcExportFormat) => (f === 'marcxml' ? Buffer.from(MARCXML_HEAD) : Buffer.alloc(0));
const tail = (f: MarcExportFormat) => (f === 'marcxml' ? Buffer.from(MARCXML_TAIL) : Buffer.alloc(0));

/** The selected records (of the caller's school) as one file, in id order. */
export async function exportByIds(db: Db, scope: Scope, ids: number[], format: MarcExportFormat): Promise<Buffer> {
  const rows = await recordsForExport(db, scope, { ids });
  return Buffer.concat([head(format), ...rows.map((r) => encode(r, format)), tail(format)]);
}

const PAGE = 1000;

/** The export-everything task: pages through the school's records by id, streaming them to the result file. */
export async function runExportAll(db: Db, scope: Scope, job: JobHandle, format: MarcExportFormat) {
  const file = job.resultPath(`marc.${EXT[format]}`);
  const out = fs.createWriteStream(file);
  out.write(head(format));
  let afterId = 0;
  let done = 0;
  for (;;) {
    if (job.stopped) break;
    const rows = await recordsForExport(db, scope, { afterId, limit: PAGE });
    if (!rows.length) break;
    for (const r of rows) out.write(encode(r, format));
    afterId = rows[rows.length - 1].id;
    done += rows.length;
    await job.progress(done);
  }
  out.write(tail(format));
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { resultFile: file };
}
