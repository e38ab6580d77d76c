import fs from 'node:fs';
import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import type { DuplicatePolicy, MarcImportStatus } from '@shuyuan/contracts/marc/api';
import type { FastifyInstance } from 'fastify';
import type { JobHandle } from '../../platform/jobs/jobs.ts';
import { Scope } from '../../platform/tenancy.ts';
import { createRecord, createRecords, recordIdsByIsbn } from '../catalogue/catalogue.service.ts';
import { detectFlavour } from './lib/flavour.ts';
import { mapRecord } from './lib/map-record.ts';
import { readMarcStream } from './lib/read-marc.ts';
import { type Msg, toRecordCreate } from './marc.convert.ts';
import { ResultCsv } from './marc.result.ts';
import type { RuleSet } from './marc.rules.ts';

export interface ImportOptions {
  file: string;
  policy: DuplicatePolicy;
  rules: RuleSet;
  tr: (key: string, params?: Record<string, unknown>) => string;
}

export interface ImportCounts {
  total: number;
  imported: number;
  skipped: number;
  merged: number;
  failed: number;
}

/** Records per transaction: big enough that the INSERT round trips stop mattering, small enough to retry. */
const BATCH = 500;

interface Pending {
  index: number;
  row: RecordCreate;
}

/**
 * The import task: streams the file, maps each record, writes good ones in batches through the catalogue
 * service and lists every record it did not import (with its reason) in a CSV result file.
 */
export async function runImport(app: FastifyInstance, job: JobHandle, o: ImportOptions) {
  const db = app.database.db;
  const scope = new Scope(job.schoolId);
  const out = new ResultCsv(job.resultPath('result.csv'), o.tr);
  const counts: ImportCounts = { total: 0, imported: 0, skipped: 0, merged: 0, failed: 0 };
  // ISBN → record id of everything imported so far, so duplicates inside the file follow the policy too.
  const seen = new Map<string, number>();
  const note = (index: number, status: MarcImportStatus, row: { isbn?: string; title?: string }, m: Msg) => {
    counts[status]++;
    out.row(index, status, row.isbn ?? '', row.title ?? '', o.tr(m.key, m.params));
  };

  const flush = async (batch: Pending[]) => {
    const keep: Pending[] = [];
    const isbns = [...new Set(batch.map((p) => p.row.isbn).filter((i) => i && !seen.has(i)))];
    const existing = o.policy === 'new' ? new Map() : await recordIdsByIsbn(db, scope, isbns);
    const later: Pending[] = []; // duplicates of a record of this batch: merged once that one has an id
    for (const p of batch) {
      const isbn = p.row.isbn;
      const id = isbn && o.policy !== 'new' ? (seen.get(isbn) ?? existing.get(isbn)) : undefined;
      if (id !== undefined) {
        if (o.policy === 'skip') note(p.index, 'skipped', p.row, { key: 'marc.duplicateSkipped', params: { isbn } });
        else if (id) note(p.index, 'merged', p.row, { key: 'marc.duplicateMerged', params: { isbn, id } });
        else later.push(p);
        continue;
      }
      if (isbn && o.policy !== 'new') seen.set(isbn, 0);
      keep.push(p);
    }
    try {
      const ids = await createRecords(
        db,
        scope,
        keep.map((p) => p.row),
      );
      keep.forEach((p, i) => {
        counts.imported++;
        if (p.row.isbn && o.policy !== 'new') seen.set(p.row.isbn, ids[i]);
      });
    } catch {
      // One bad record fails the whole batch's transaction: redo it record by record to find it.
      for (const p of keep) {
        try {
          const { id } = await createRecord(db, scope, p.row);
          counts.imported++;
          if (p.row.isbn && o.policy !== 'new') seen.set(p.row.isbn, id);
        } catch (e) {
          if (p.row.isbn) seen.delete(p.row.isbn);
          note(p.index, 'failed', p.row, { key: 'marc.saveFailed', params: { reason: (e as Error).message } });
        }
      }
    }
    for (const p of later) {
      const id = seen.get(p.row.isbn);
      if (id) note(p.index, 'merged', p.row, { key: 'marc.duplicateMerged', params: { isbn: p.row.isbn, id } });
      else await flush([p]); // its first copy failed: it is not a duplicate after all
    }
  };

  const size = fs.statSync(o.file).size;
  await job.setTotal(size);
  const input = fs.createReadStream(o.file);
  let batch: Pending[] = [];
  try {
    for await (const r of readMarcStream(input)) {
      if (job.stopped) break;
      counts.total++;
      if (!r.ok) {
        note(r.index, 'failed', {}, { key: `marc.error.${r.code}` });
        continue;
      }
      const flavour = detectFlavour(r.record);
      const c = toRecordCreate(r.record, mapRecord(r.record, o.rules[flavour]));
      if (!c.ok) {
        const f = mapRecord(r.record, o.rules[flavour]);
        note(r.index, 'failed', { isbn: f.isbn ?? '', title: f.title ?? '' }, c.errors[0]);
        continue;
      }
      batch.push({ index: r.index, row: c.row });
      if (batch.length >= BATCH) {
        await flush(batch);
        batch = [];
        await job.progress(Math.min(r.offset, size));
      }
    }
    await flush(batch);
  } finally {
    input.destroy();
    await out.close(counts);
  }
  await job.progress(size);
  return { resultFile: out.path, counts };
}
