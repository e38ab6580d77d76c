import fs from 'node:fs';
import type { MarcExportFormat } from '@shuyuan/contracts/marc/api';
import type { MarcFlavour, MarcRecord } from '@shuyuan/contracts/marc/record';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobHandle } from '../../platform/jobs/jobs.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { recordsForExport } from '../catalogue/catalogue.service.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { MarcTooLongError, writeIso2709 } from './lib/iso2709-writer.ts';
import { MARCXML_HEAD, MARCXML_TAIL, recordToXml } from './lib/marcxml-writer.ts';
import { buildMarc, marcOf, type RecordRow } from './marc.build.ts';
import { detectFlavour } from './lib/flavour.ts';
import { getEditingConfig } from '../catalogue/editing-config.service.ts';

export const EXT: Record<MarcExportFormat, string> = { iso2709: 'mrc', marcxml: 'xml' };
export const MIME: Record<MarcExportFormat, string> = {
  iso2709: 'application/marc',
  marcxml: 'application/marcxml+xml; charset=utf-8',
};

type Holding = {
  recordId: number;
  barcode: string;
  callNo: string;
  classNo: string;
  bookNo: string;
  location: string | null;
};

/**
 * The school's copies as embedded holdings, replacing any the record came with (another library's copies):
 * MARC21 one 852 per copy ($b location, $h call number, $p barcode); CNMARC one 905 per copy ($b barcode
 * (登录号), $c location, $d class number, $e book number — what the import reads back).
 */
function withHoldings(m: MarcRecord, holdings: Holding[]): MarcRecord {
  if (detectFlavour(m) === 'UNIMARC') {
    const fields = m.fields.filter((f) => f.tag !== '905');
    for (const h of holdings) {
      const subfields = [
        { code: 'b', value: h.barcode },
        ...(h.location ? [{ code: 'c', value: h.location }] : []),
        ...(h.classNo ? [{ code: 'd', value: h.classNo }] : []),
        ...(h.bookNo ? [{ code: 'e', value: h.bookNo }] : []),
      ];
      fields.push({ tag: '905', ind1: ' ', ind2: ' ', subfields });
    }
    return { ...m, fields };
  }
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

/**
 * One record in the format: its stored MARC, or built in the school's MARC format (`flavour`). A stored MARC
 * too long for ISO 2709 (99,999 bytes) falls back to the fields.
 */
function encode(r: RecordRow, format: MarcExportFormat, flavour: MarcFlavour, holdings: Holding[] = []): Buffer {
  const m: MarcRecord = withHoldings(marcOf(r, flavour), holdings);
  if (format === 'marcxml') return Buffer.from(recordToXml(m));
  try {
    return writeIso2709(m);
  } catch (e) {
    if (e instanceof MarcTooLongError) return writeIso2709(withHoldings(buildMarc(r, flavour), holdings));
    throw e;
  }
}

const schoolFormat = async (db: Db, scope: Scope) => (await getEditingConfig(db, scope)).marcFormat;

/** The copies of a page of records, grouped by record. */
async function holdingsOf(db: Db, scope: Scope, recordIds: number[]): Promise<Map<number, Holding[]>> {
  const out = new Map<number, Holding[]>();
  if (!recordIds.length) return out;
  const rows = await db
    .select({
      recordId: copy.recordId,
      barcode: copy.barcode,
      callNo: copy.callNo,
      classNo: copy.classNo,
      bookNo: copy.bookNo,
      location: location.name,
    })
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
  const flavour = await schoolFormat(db, scope);
  return Buffer.concat([head(format), ...rows.map((r) => encode(r, format, flavour, held.get(r.id))), tail(format)]);
}

const PAGE = 1000;

/** The export-everything task: pages through the school's records by id, streaming them to the result file. */
export async function runExportAll(db: Db, scope: Scope, job: JobHandle, format: MarcExportFormat) {
  const file = job.resultPath(`marc.${EXT[format]}`);
  const out = fs.createWriteStream(file);
  out.write(head(format));
  const flavour = await schoolFormat(db, scope);
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
    for (const r of rows) out.write(encode(r, format, flavour, held.get(r.id)));
    afterId = rows[rows.length - 1].id;
    done += rows.length;
    await job.progress(done);
  }
  out.write(tail(format));
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { resultFile: file };
}
