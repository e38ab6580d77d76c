import fs from 'node:fs';
import type { MarcExportFormat } from '@shuyuan/contracts/marc/api';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobHandle } from '../../platform/jobs/jobs.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { recordsForExport } from '../catalogue/catalogue.service.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { MarcTooLongError, writeIso2709 } from './lib/iso2709-writer.ts';
import { MARCXML_HEAD, MARCXML_TAIL, recordToXml } from './lib/marcxml-writer.ts';
import { buildMarc21, marcOf, type RecordRow } from './marc.build.ts';

export const EXT: Record<MarcExportFormat, string> = { iso2709: 'mrc', marcxml: 'xml' };
export const MIME: Record<MarcExportFormat, string> = {
  iso2709: 'application/marc',
  marcxml: 'application/marcxml+xml; charset=utf-8',
};

type Holding = { recordId: number; barcode: string; callNo: string; location: string | null };

/**
 * The school's copies as MARC21 embedded holdings, one 852 per copy ($b location, $h call number, $p barcode),
 * replacing any 852 the record came with (those were another library's copies).
 */
function withHoldings(m: MarcRecord, holdings: Holding[]): MarcRecord {
  const fields = m.fields.filter((f) => f.tag !== '852');
  for (const h of holdings) {
    const subfields = [
      ...(h.location ? [{ code: 'b', value: h.location }] : []),
      ...(h.callNo ? [{ code: 'h', value: h.callNo }] : []),
      { code: 'p', value: h.barcode },
    ];
    fields.push({ tag: '852', ind1: '8', ind2: ' ', subfields });
  }
  return { ...m, fields };
}

/** One record in the format. A stored MARC too long for ISO 2709 (99,999 bytes) falls back to the fields. */
function encode(r: RecordRow, format: MarcExportFormat, holdings: Holding[] = []): Buffer {
  const m: MarcRecord = withHoldings(marcOf(r), holdings);
  if (format === 'marcxml') return Buffer.from(recordToXml(m));
  try {
    return writeIso2709(m);
  } catch (e) {
    if (e instanceof MarcTooLongError) return writeIso2709(withHoldings(buildMarc21(r), holdings));
    throw e;
  }
}

/** The copies of a page of records, grouped by record. */
async function holdingsOf(db: Db, scope: Scope, recordIds: number[]): Promise<Map<number, Holding[]>> {
  const out = new Map<number, Holding[]>();
  if (!recordIds.length) return out;
  const rows = await db
    .select({ recordId: copy.recordId, barcode: copy.barcode, callNo: copy.callNo, location: location.name })
    .from(copy)
    .leftJoin(location, eq(location.id, copy.locationId))
    .where(scope.where(copy, inArray(copy.recordId, recordIds)))
    .orderBy(asc(copy.recordId), asc(copy.barcode));
  for (const r of rows) out.set(r.recordId, [...(out.get(r.recordId) ?? []), r]);
  return out;
}

const head = (f: MarcExportFormat) => (f === 'marcxml' ? Buffer.from(MARCXML_HEAD) : Buffer.alloc(0));
const tail = (f: MarcExportFormat) => (f === 'marcxml' ? Buffer.from(MARCXML_TAIL) : Buffer.alloc(0));

/** The selected records (of the caller's school) as one file, in id order. */
export async function exportByIds(db: Db, scope: Scope, ids: number[], format: MarcExportFormat): Promise<Buffer> {
  const rows = await recordsForExport(db, scope, { ids });
  const held = await holdingsOf(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return Buffer.concat([head(format), ...rows.map((r) => encode(r, format, held.get(r.id))), tail(format)]);
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
    const held = await holdingsOf(
      db,
      scope,
      rows.map((r) => r.id),
    );
    for (const r of rows) out.write(encode(r, format, held.get(r.id)));
    afterId = rows[rows.length - 1].id;
    done += rows.length;
    await job.progress(done);
  }
  out.write(tail(format));
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { resultFile: file };
}
