import fs from 'node:fs';
import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import type { DuplicatePolicy, MarcImportStatus, MarcReadOptions } from '@shuyuan/contracts/marc/api';
import type { FastifyInstance } from 'fastify';
import type { JobHandle } from '../../platform/jobs/jobs.ts';
import { Scope } from '../../platform/tenancy.ts';
import { createRecord, createRecords, recordIdsByIsbn } from '../catalogue/catalogue.service.ts';
import type { SearchDocument } from '../search/lib/document.ts';
import type { Msg } from './marc.convert.ts';
import { importBatches } from './marc.pipeline.ts';
import { ResultCsv } from './marc.result.ts';
import type { RuleSet } from './marc.rules.ts';

export interface ImportOptions {
  file: string;
  policy: DuplicatePolicy;
  rules: RuleSet;
  read?: MarcReadOptions;
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
  doc: SearchDocument;
}

/**
 * The import task: a worker thread streams the file, maps each record and builds its search document
 * (marc.pipeline.ts); this thread writes good ones in batches through the catalogue service and lists every
 * record it did not import (with its reason) in a CSV result file.
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
        keep.map((p) => p.doc),
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
  try {
    for await (const { items, offset } of importBatches(o.file, o.rules, BATCH, o.read)) {
      if (job.stopped) break;
      const batch: Pending[] = [];
      for (const p of items) {
        counts.total++;
        if (p.ok) batch.push(p);
        else note(p.index, 'failed', p, p.msg);
      }
      await flush(batch);
      await job.progress(Math.min(offset, size));
    }
  } finally {
    await out.close(counts);
  }
  await job.progress(size);
  return { resultFile: out.path, counts };
}
