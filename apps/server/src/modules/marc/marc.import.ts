import fs from 'node:fs';
import type { MarcHolding } from '@shuyuan/contracts/marc/mapping';
import type { DuplicatePolicy, MarcImportStatus, MarcReadOptions } from '@shuyuan/contracts/marc/api';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { HeldWrites } from '../../db/held-writes.ts';
import { commitWithNext } from '../../db/pipeline.ts';
import { analyzeTables } from '../../platform/analyze.ts';
import type { JobHandle } from '../../platform/jobs/jobs.ts';
import { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { recordMatchKey } from '../catalogue/match-key.table.ts';
import { accessionRecord } from '../statistics/accession.table.ts';
import { heldRecord } from '../statistics/held.table.ts';
import { describeKey, firstMatch, recordsByMatchKeys } from '../catalogue/match.service.ts';
import type { MarcSerial } from '../serials/marc-serial.ts';
import { addImportedTitles } from '../serials/marc-titles.ts';
import type { Msg } from './marc.convert.ts';
import {
  type CopyDefaults,
  type CopyPlan,
  type CopyRequest,
  ImportTarget,
  insertRecordsWithCopies,
} from './marc.copies.ts';
import { type InsertRow, insertRecords, type RecordsInsert, recordsInsert } from './marc.insert.ts';
import { importBatches } from './marc.pipeline.ts';
import { WritePace } from '../../platform/jobs/write-pace.ts';
import { ResultCsv } from './marc.result.ts';
import type { RuleSet } from './marc.rules.ts';

export interface ImportOptions {
  file: string;
  policy: DuplicatePolicy;
  rules: RuleSet;
  read?: MarcReadOptions;
  /** location and batch of the copies the file carries, when its holdings fields do not say; false = no copies */
  copies?: CopyDefaults | false;
  tr: (key: string, params?: Record<string, unknown>) => string;
}

export interface ImportCounts {
  total: number;
  imported: number;
  skipped: number;
  merged: number;
  failed: number;
  /** copies created (with new records, or added to existing ones by "merge") */
  copies: number;
}

/**
 * Records per prepared batch (worker → this thread). The duplicate look-up of a batch's match keys is one statement,
 * so it runs once for this many records; the records are then written in shorter transactions (`WritePace`). On the
 * embedded database a desk's loan waits for that statement too: there it looks up 100 records' keys (~10 ms).
 */
const READ_BATCH = { postgres: 200, pglite: 100 } as const;

/**
 * Statistics refreshed while the import grows the tables: first after this many rows written, then each time the
 * import has doubled them. The copies' triggers (held_record and accession rollups, foreign key, union index) and
 * the duplicate look-ups plan with them; planned with the counts of before the import (PGlite has no autovacuum),
 * their statements cost more with every batch.
 */
const ANALYZE_FIRST = 2_000;

interface Pending extends InsertRow {
  index: number;
  copies: MarcHolding[];
  notes: Msg[];
  matchKeys: string[];
  serial?: MarcSerial | null;
}

/** A record a key points at: in the school (id), or earlier in the file (index; id 0 until it is written). */
interface Seen {
  id: number;
  title: string;
  index?: number;
}

/**
 * The import task: a worker thread streams the file, maps each record and builds its search document
 * (marc.pipeline.ts); this thread applies the school's cataloguing rules, writes good records with the copies
 * of their holdings fields in batches (records and copies in one transaction) and lists every record it did
 * not import, or imported with a refused copy, with its reasons in a CSV result file.
 */
/**
 * Writes a batch of records and, for the periodicals and newspapers among them (leader/07 's'), their serial titles
 * in the same transaction (serials/marc-titles.ts): an imported periodical is on /magazinelibrary at once.
 */
async function withTitles(
  tx: Db,
  scope: Scope,
  ps: Pending[],
  statement?: RecordsInsert,
  last = false,
): Promise<number[]> {
  const serials = ps.filter((p) => p.serial);
  // The records' INSERT is the transaction's last statement: its commit goes with it (one round trip less).
  if (last && !serials.length) commitWithNext(tx);
  const ids = await insertRecords(tx, scope, ps, statement);
  const titles = ps.flatMap((p, i) =>
    p.serial
      ? [
          {
            ...p.serial,
            recordId: ids[i],
            title: p.row.title,
            issn: p.row.issn ?? '',
            publisher: p.row.publisher ?? '',
            classNo: p.row.classNo ?? '',
            language: p.row.language ?? '',
          },
        ]
      : [],
  );
  if (titles.length) await addImportedTitles(tx, scope, titles);
  return ids;
}

export async function runImport(app: FastifyInstance, job: JobHandle, o: ImportOptions) {
  const db = app.database.db;
  const scope = new Scope(job.schoolId);
  const target = await ImportTarget.load(db, scope, o.tr, o.copies || {});
  const out = new ResultCsv(job.resultPath('result.csv'), o.tr);
  const counts: ImportCounts = { total: 0, imported: 0, skipped: 0, merged: 0, failed: 0, copies: 0 };
  // Match key → the record imported so far carrying it, so duplicates inside the file follow the policy too.
  const seen = new Map<string, Seen>();
  const remember = (p: Pending, id: number) => {
    if (o.policy !== 'new')
      for (const k of p.matchKeys)
        if (!seen.has(k) || seen.get(k)?.index === p.index) seen.set(k, { id, title: p.row.title, index: p.index });
  };
  const forget = (p: Pending) => {
    for (const k of p.matchKeys) if (seen.get(k)?.index === p.index) seen.delete(k);
  };
  /** What a duplicate's report line says: which key matched which record. */
  const same = (key: string, hit: Seen) => ({ key: describeKey(key, o.tr), id: hit.id, title: hit.title });
  const line = (index: number, status: MarcImportStatus, row: { isbn?: string; title?: string }, ms: Msg[]) =>
    out.row(index, status, row.isbn ?? '', row.title ?? '', ms.map((m) => o.tr(m.key, m.params)).join('; '));
  const note = (index: number, status: MarcImportStatus, row: { isbn?: string; title?: string }, m: Msg) => {
    counts[status]++;
    line(index, status, row, [m]);
  };
  /** An imported record: listed only when something about its copies needs saying. */
  const imported = (p: Pending, id: number, added: number, notes: Msg[]) => {
    counts.imported++;
    counts.copies += added;
    remember(p, id);
    if (notes.length) line(p.index, 'imported', p.row, notes);
  };
  const copyRequest = (p: Pending, recordId: number): CopyRequest => ({ recordId, record: p.row, copies: p.copies });

  /** One record and its copies in their own transaction (the fallback when a batch fails). */
  const one = async (p: Pending) => {
    try {
      const r = await db.transaction(async (tx) => {
        const [id] = await withTitles(tx, scope, [p]);
        const plan = await target.planCopies(tx, [copyRequest(p, id)]);
        await target.insertCopies(tx, plan.rows);
        return { id, plan };
      });
      imported(p, r.id, r.plan.added[0], [...p.notes, ...r.plan.notes[0]]);
    } catch {
      try {
        // Without its copies, so a copy the database refuses costs only the copies.
        const [id] = await db.transaction((tx) => withTitles(tx, scope, [p]));
        const reason = p.copies.length ? [{ key: 'marc.copy.saveFailed', params: { n: p.copies.length } }] : [];
        imported(p, id, 0, [...p.notes, ...reason]);
      } catch (e) {
        forget(p);
        note(p.index, 'failed', p.row, { key: 'marc.saveFailed', params: { reason: (e as Error).message } });
      }
    }
  };

  /** "merge": the incoming copies go to the existing record with the same ISBN. */
  const merge = async (list: { p: Pending; id: number; params: ReturnType<typeof same> }[]) => {
    if (!list.length) return;
    const done = async (l: typeof list) => {
      const requests = l.map(({ p, id }) => copyRequest(p, id));
      const plan = !requests.some((r) => r.copies.length)
        ? { rows: [], added: l.map(() => 0), notes: l.map(() => []) }
        : await db.transaction(async (tx) => {
            const pl = await target.planCopies(tx, requests);
            await target.insertCopies(tx, pl.rows);
            return pl;
          });
      l.forEach(({ p, params: found }, i) => {
        counts.merged++;
        counts.copies += plan.added[i];
        const params = { ...found, copies: plan.added[i] };
        const msg = { key: p.copies.length ? 'marc.duplicateMergedCopies' : 'marc.duplicateMerged', params };
        line(p.index, 'merged', p.row, [msg, ...plan.notes[i]]);
      });
    };
    try {
      await done(list);
    } catch {
      for (const m of list) {
        try {
          await done([m]);
        } catch (e) {
          note(m.p.index, 'failed', m.p.row, { key: 'marc.saveFailed', params: { reason: (e as Error).message } });
        }
      }
    }
  };

  const pace = WritePace.for(app.database.kind);
  /**
   * A transaction's records, made ready before it takes the session (on the embedded database, a loan waits while it
   * holds it): their INSERT's values and, when the plan needs nothing of the transaction, their copies planned with
   * the records' places for ids (records and copies then go as one statement, insertRecordsWithCopies: the
   * transaction is one round trip). `planned`: the barcodes in use once it has committed (`inUse` and its own).
   */
  interface Step {
    list: Pending[];
    statement: RecordsInsert;
    copied: boolean;
    planned?: Set<string>;
    ahead: CopyPlan | null;
  }
  const prepare = (list: Pending[], inUse: Set<string> | undefined): Step => {
    const copied = list.some((p) => p.copies.length);
    // The plan adds its barcodes to a copy: a failed transaction's are not in use.
    const planned = inUse && new Set(inUse);
    const ahead =
      copied && planned && !list.some((p) => p.serial)
        ? target.planAhead(
            list.map((p, i) => copyRequest(p, i + 1)),
            planned,
          )
        : null;
    return { list, statement: recordsInsert(scope, list), copied, planned, ahead };
  };
  /**
   * Records and their copies in one transaction; a failing one is redone record by record to find the bad record.
   * `inUse`: the barcodes in use, looked up once for the prepared batch (`barcodesInUse`), with those written since;
   * after a redo it is dropped (the redo's copies are not in it) and the batch's next transactions look up their own.
   * Answers whether the transaction committed.
   */
  const write = async (step: Step, inUse: { set?: Set<string> }): Promise<boolean> => {
    const { list, statement, copied, planned, ahead } = step;
    let started = 0;
    try {
      const r = await db.transaction(async (tx) => {
        started = performance.now();
        if (ahead) {
          commitWithNext(tx);
          return { ids: await insertRecordsWithCopies(tx, list, statement, ahead.rows), plan: ahead };
        }
        const ids = await withTitles(tx, scope, list, statement, !copied);
        const requests = list.map((p, i) => copyRequest(p, ids[i]));
        const plan = copied ? await target.planCopies(tx, requests, planned) : null;
        if (plan) await target.insertCopies(tx, plan.rows, true);
        return { ids, plan };
      });
      pace.took(list.length, performance.now() - started);
      inUse.set = planned;
      list.forEach((p, i) => {
        imported(p, r.ids[i], r.plan?.added[i] ?? 0, [...p.notes, ...(r.plan?.notes[i] ?? [])]);
      });
      return true;
    } catch {
      inUse.set = undefined;
      for (const p of list) await one(p);
      return false;
    }
  };

  /**
   * The kept records of a batch, a transaction at a time, each made ready while the one before runs: the database
   * works in another thread (the embedded one) or process, and the next statement is waiting when it is done. The
   * next step plans with this one's barcodes as taken (those a step plans in its transaction, without `ahead`, may
   * come later: a barcode repeated in the file then fails the next step on the unique index, and its redo refuses
   * the copy); if this one fails, the next is made again from what the redo left.
   *
   * On the embedded database a step planned ahead is one statement, sent while the one before still runs (HeldWrites:
   * at most two in flight, the connection given back whenever a request or other work wants it).
   */
  const writeAll = async (keep: Pending[], inUse: { set?: Set<string> }) => {
    let at = 0;
    const take = (base: Set<string> | undefined) => {
      const n = pace.next();
      const step = prepare(keep.slice(at, at + n), base);
      at += n;
      return step;
    };
    const held = HeldWrites.for(db, app.database.kind);
    // Steps sent on the held connection and not settled yet, oldest first; `failures` when each was made.
    const sent: { step: Step; answer: Promise<number[]>; made: number; at: number; done?: number }[] = [];
    let failures = 0;
    let lastDone = 0;
    const settle = async () => {
      const s = sent.shift();
      if (!s) return;
      try {
        const ids = await s.answer;
        // Its time in the database: from when it was sent or the one before it was answered.
        pace.took(s.step.list.length, (s.done ?? performance.now()) - Math.max(s.at, lastDone));
        lastDone = s.done ?? performance.now();
        // A step made before a failure planned with the failed one's barcodes as taken: not what is in use now.
        if (s.made === failures) inUse.set = s.step.planned;
        s.step.list.forEach((p, i) => {
          imported(p, ids[i], s.step.ahead?.added[i] ?? 0, [...p.notes, ...(s.step.ahead?.notes[i] ?? [])]);
        });
      } catch {
        failures++;
        inUse.set = undefined;
        await held?.release();
        for (const p of s.step.list) await one(p);
      }
    };
    try {
      let step = keep.length ? take(inUse.set) : null;
      while (step) {
        const current = step;
        const made = failures;
        if (held && current.ahead) {
          const rows = current.ahead.rows;
          const { answer } = await held.send((h) => insertRecordsWithCopies(h, current.list, current.statement, rows));
          const s: (typeof sent)[number] = { step: current, made, at: performance.now(), answer };
          answer.then(
            () => {
              s.done = performance.now();
            },
            () => {},
          );
          sent.push(s);
          step = at < keep.length ? take(current.planned) : null;
          while (sent.length >= 2 || (!step && sent.length)) await settle();
        } else {
          while (sent.length) await settle();
          await held?.release();
          const committed = write(current, inUse);
          // After this turn's microtasks: the transaction's statement is sent by then, then this builds.
          const next =
            at < keep.length
              ? new Promise<Step>((resolve) => setImmediate(() => resolve(take(current.planned))))
              : null;
          if (!(await committed)) failures++;
          step = next && (await next);
        }
        if (step && failures !== made) step = prepare(step.list, inUse.set);
      }
    } finally {
      while (sent.length) await settle();
      await held?.release();
    }
  };

  const flush = async (batch: Pending[]) => {
    const keep: Pending[] = [];
    const merges: { p: Pending; id: number; params: ReturnType<typeof same> }[] = [];
    const wanted = [...new Set(batch.flatMap((p) => p.matchKeys).filter((k) => !seen.has(k)))];
    const existing = o.policy === 'new' ? new Map() : await recordsByMatchKeys(db, scope, wanted);
    // duplicates of a record of this batch: merged once that one has an id
    const later: { p: Pending; key: string; first: number }[] = [];
    for (const p of batch) {
      const ruled = target.applyRules(p.row);
      if (!ruled.ok) {
        note(p.index, 'failed', p.row, ruled.msg);
        continue;
      }
      p.row = ruled.row;
      const m = o.policy === 'new' ? null : firstMatch<Seen>(p.matchKeys, (k) => seen.get(k) ?? existing.get(k));
      if (m) {
        const { key, hit } = m;
        if (o.policy === 'skip' && hit.id)
          note(p.index, 'skipped', p.row, { key: 'marc.duplicateSkipped', params: same(key, hit) });
        else if (o.policy === 'skip') {
          const params = { ...same(key, hit), n: (hit.index ?? 0) + 1 };
          note(p.index, 'skipped', p.row, { key: 'marc.duplicateSkippedInFile', params });
        } else if (hit.id) merges.push({ p, id: hit.id, params: same(key, hit) });
        else later.push({ p, key, first: hit.index ?? -1 });
        continue;
      }
      remember(p, 0);
      keep.push(p);
    }
    // One look-up of the batch's barcodes, before its transactions (each held the session for its own before).
    const inUse = {
      set: keep.some((p) => p.copies.length)
        ? await target.barcodesInUse(
            db,
            keep.map((p) => copyRequest(p, 0)),
          )
        : undefined,
    };
    await writeAll(keep, inUse);
    for (const { p, key, first } of later) {
      const hit = seen.get(key);
      if (hit?.id && hit.index === first) merges.push({ p, id: hit.id, params: same(key, hit) });
      else await flush([p]); // the record it repeats failed: it is not a duplicate after all
    }
    // The copies of merged records: as many records per transaction as a write takes (their copies are most of it).
    for (let at = 0; at < merges.length; ) {
      const n = pace.next();
      await merge(merges.slice(at, at + n));
      at += n;
    }
  };
  let analyzeAt = ANALYZE_FIRST;
  const size = fs.statSync(o.file).size;
  await job.setTotal(size);
  try {
    for await (const { items, offset } of importBatches(o.file, o.rules, READ_BATCH[app.database.kind], o.read)) {
      if (job.stopped) break;
      const batch: Pending[] = [];
      for (const p of items) {
        counts.total++;
        if (!p.ok) note(p.index, 'failed', p, p.msg);
        else batch.push({ ...p, copies: o.copies === false ? [] : p.copies });
      }
      await flush(batch);
      await job.progress(Math.min(offset, size));
      if (counts.imported + counts.copies >= analyzeAt) {
        await analyzeTables(db, catalogueRecord, copy, recordMatchKey, heldRecord, accessionRecord);
        analyzeAt = 2 * (counts.imported + counts.copies);
      }
    }
  } finally {
    await out.close(counts);
  }
  await job.progress(size);
  // The school's searches plan with the imported rows counted (also after a stopped import).
  if (counts.imported || counts.merged || counts.copies)
    await analyzeTables(db, catalogueRecord, copy, recordMatchKey, heldRecord, accessionRecord);
  return { resultFile: out.path, counts };
}
