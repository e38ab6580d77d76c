import {
  type EditingConfig,
  formatCallNo,
  missingRequired,
  type RequirableField,
} from '@shuyuan/contracts/catalogue/editing-config';
import { type RecordCreate, yuanToFen } from '@shuyuan/contracts/catalogue/record';
import type { MarcHolding } from '@shuyuan/contracts/marc/mapping';
import type { BarcodeRule } from '@shuyuan/contracts/printing/barcode';
import { eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commitWithNext } from '../../db/pipeline.ts';
import { runNamed } from '../../db/statement.ts';
import { BizError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { mustExist } from '../basic/refs.ts';
import { acceptanceBatch, copy } from '../catalogue/catalogue.table.ts';
import { getEditingConfig } from '../catalogue/editing-config.service.ts';
import { checkWithRule, getBarcodeRule, nextBarcodes } from '../printing/barcode-rules.service.ts';
import type { Msg } from './marc.convert.ts';
import { arrayLiteral, type InsertRow, type RecordsInsert, recordsTemplate, runTemplate } from './marc.insert.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

/** What an import chose for the copies it creates: used when a holdings field does not say. */
export interface CopyDefaults {
  locationId?: number;
  batchId?: number;
}

/** A record (new or already in the school) and the copies to add to it. */
export interface CopyRequest {
  recordId: number;
  record: Pick<RecordCreate, 'classNo' | 'bookNo' | 'price'>;
  copies: MarcHolding[];
  /** the acceptance batch by its number (Excel import); else the import's default batch */
  batch?: string;
}

type CopyRow = typeof copy.$inferInsert;

/** The copies planned for a batch: rows to insert, and per request (by position) its notes. */
export interface CopyPlan {
  rows: CopyRow[];
  added: number[];
  notes: Msg[][];
}

/** Checks that the chosen defaults are the school's (answered as field issues when the import starts). */
export async function checkCopyDefaults(db: Db, scope: Scope, tr: Tr, d: CopyDefaults) {
  const ctx = { schoolId: scope.schoolId, t: tr } as Ctx<unknown>;
  await mustExist(db, ctx, location, d.locationId, 'locationId', 'catalogue.ref.location');
  await mustExist(db, ctx, acceptanceBatch, d.batchId, 'batchId', 'catalogue.ref.batch');
}

/**
 * The school's cataloguing rules and copy settings, loaded once per import (a 20k-record file must not read
 * them 20k times). `applyRules` is `recordRules` (catalogue) for a record that arrives with its own book
 * number: the default resource type, then the required fields. `planCopies` turns holdings into copy rows
 * the way `addCopies` does (location → branch, call number in the school's format, batch discount), each
 * barcode checked against the school's rule and against the barcodes in use.
 */
export class ImportTarget {
  private constructor(
    private readonly scope: Scope,
    private readonly tr: Tr,
    readonly config: EditingConfig,
    private readonly typeOk: boolean,
    private readonly rule: BarcodeRule | null,
    private readonly locations: Map<string, { id: number; branchId: number }>,
    private readonly branchOf: Map<number, number>,
    private readonly defaults: CopyDefaults,
    private readonly batches: Map<string, { id: number; rate: number | null }>,
  ) {}

  static async load(db: Db, scope: Scope, tr: Tr, d: CopyDefaults = {}): Promise<ImportTarget> {
    const config = await getEditingConfig(db, scope);
    let typeOk = true;
    if (config.defaultResourceTypeId != null) {
      const [t] = await db
        .select({ id: resourceType.id })
        .from(resourceType)
        .where(scope.where(resourceType, eq(resourceType.id, config.defaultResourceTypeId)));
      typeOk = !!t;
    }
    const rule = await getBarcodeRule(db, scope, 'book');
    const locs = await db
      .select({ id: location.id, name: location.name, code: location.code, branchId: location.branchId })
      .from(location)
      .where(scope.where(location));
    const locations = new Map<string, { id: number; branchId: number }>();
    const branchOf = new Map<number, number>();
    for (const l of locs) {
      branchOf.set(l.id, l.branchId);
      for (const k of [l.code, l.name]) if (k.trim()) locations.set(k.trim().toLowerCase(), l);
    }
    const batches = new Map<string, { id: number; rate: number | null }>();
    const rows = await db
      .select({ id: acceptanceBatch.id, batchNo: acceptanceBatch.batchNo, rate: acceptanceBatch.discountRate })
      .from(acceptanceBatch)
      .where(scope.where(acceptanceBatch));
    for (const b of rows) {
      const v = { id: b.id, rate: b.rate == null ? null : Number(b.rate) };
      batches.set(`#${b.id}`, v);
      if (!batches.has(b.batchNo.trim().toLowerCase())) batches.set(b.batchNo.trim().toLowerCase(), v);
    }
    return new ImportTarget(scope, tr, config, typeOk, rule, locations, branchOf, d, batches);
  }

  /** The school's rules on one record: completed, or the reason it is refused (like the cataloguing form). */
  applyRules(b: RecordCreate): { ok: true; row: RecordCreate } | { ok: false; msg: Msg } {
    const row: RecordCreate = { ...b };
    if (row.resourceTypeId === undefined) {
      if (!this.typeOk) return { ok: false, msg: { key: 'catalogue.ref.type' } };
      row.resourceTypeId = this.config.defaultResourceTypeId;
    }
    const missing = missingRequired(row, this.config.requiredFields);
    if (missing.length) {
      const fields = missing.map((f) => this.fieldName(f)).join(this.tr('marc.listSeparator'));
      return { ok: false, msg: { key: 'marc.requiredMissing', params: { fields } } };
    }
    return { ok: true, row };
  }

  private fieldName(f: RequirableField): string {
    return f === 'resourceTypeId' ? this.tr('marc.resourceType') : this.tr(`marc.cata.col.${f}`);
  }

  /**
   * The copy rows of some records, checked: a barcode that breaks the school's rule, repeats one of this plan
   * or one in use is refused (a note, the copy left out); a copy without a barcode gets the next one of the
   * rule (or of the default rule), or is refused with the reason when the rule has no numbers left; an unknown location text puts the copy in the default
   * location (noted). Runs in the transaction that will insert the rows. `inUse`: the barcodes in use looked up
   * beforehand (`barcodesInUse`, for several transactions at once); the plan adds its own to it.
   */
  async planCopies(tx: Db, list: CopyRequest[], inUse?: Set<string>): Promise<CopyPlan> {
    if (!list.length) return this.plan(list, new Set(), [], '');
    const taken = inUse ?? (await this.barcodesInUse(tx, list));
    const want = list.reduce((n, r) => n + r.copies.filter((c) => !c.barcode).length, 0);
    let generated: string[] = [];
    let whyNone = '';
    try {
      if (want) generated = await nextBarcodes(tx, this.scope, want, 'book');
    } catch (e) {
      // the rule's range is full: those copies are refused below, each with the reason
      if (!(e instanceof BizError)) throw e;
      whyNone = this.tr(e.msgKey, e.params);
    }
    return this.plan(list, taken, generated, whyNone);
  }

  /**
   * `planCopies` without the database, before the transaction: when every copy brings its barcode (none is taken
   * from the rule's numbers) and the barcodes in use were looked up beforehand. Else null.
   */
  planAhead(list: CopyRequest[], inUse: Set<string>): CopyPlan | null {
    return list.every((r) => r.copies.every((c) => c.barcode)) ? this.plan(list, inUse, [], '') : null;
  }

  private plan(list: CopyRequest[], taken: Set<string>, generated: string[], whyNone: string): CopyPlan {
    const plan: CopyPlan = { rows: [], added: list.map(() => 0), notes: list.map(() => []) };
    const cfg = this.config;
    list.forEach((req, i) => {
      let batch = this.defaults.batchId ? this.batches.get(`#${this.defaults.batchId}`) : undefined;
      if (req.batch && req.copies.length) {
        batch = this.batches.get(req.batch.trim().toLowerCase());
        if (!batch) plan.notes[i].push({ key: 'marc.copy.batchUnknown', params: { batch: req.batch } });
      }
      for (const c of req.copies) {
        let barcode = c.barcode;
        if (!barcode) {
          const next = generated.shift();
          if (!next) {
            plan.notes[i].push({ key: 'marc.copy.noBarcode', params: { reason: whyNone } });
            continue;
          }
          barcode = next;
        }
        const check = checkWithRule(barcode, this.rule);
        if (!check.ok) {
          plan.notes[i].push({
            key: 'marc.copy.badBarcode',
            params: { barcode, reason: this.tr(check.key, check.params) },
          });
          continue;
        }
        if (taken.has(barcode)) {
          plan.notes[i].push({ key: 'marc.copy.barcodeTaken', params: { barcode } });
          continue;
        }
        taken.add(barcode);
        let loc = c.location ? this.locations.get(c.location.toLowerCase()) : undefined;
        if (c.location && !loc)
          plan.notes[i].push({ key: 'marc.copy.locationUnknown', params: { location: c.location } });
        const locationId = loc?.id ?? this.defaults.locationId ?? cfg.defaultLocationId ?? null;
        loc ??= locationId ? { id: locationId, branchId: this.branchOf.get(locationId) ?? 0 } : undefined;
        const price = req.record.price === undefined ? null : yuanToFen(req.record.price);
        const rate = batch?.rate ?? null;
        plan.rows.push(
          this.scope.values({
            recordId: req.recordId,
            barcode,
            callNo: c.callNo.slice(0, 100) || formatCallNo(req.record.classNo, req.record.bookNo, '', cfg),
            classNo: req.record.classNo,
            bookNo: req.record.bookNo,
            branchId: loc?.branchId || cfg.defaultBranchId,
            locationId,
            storeType: cfg.defaultStoreType,
            unitPriceFen: price,
            discountPriceFen: price !== null && rate !== null ? Math.round(price * rate) : null,
            batchId: batch?.id ?? null,
          }),
        );
        plan.added[i]++;
      }
    });
    return plan;
  }

  /**
   * The barcodes of these requests' copies already in the school. A MARC import looks them up once per prepared
   * batch, outside its write transactions (on the embedded database one look-up per ~10-record transaction was
   * ~1.5 ms of the session each): a barcode taken meanwhile by another writer fails the transaction on the unique
   * index, and the record-by-record redo plans with its own look-up.
   */
  async barcodesInUse(db: Db, list: CopyRequest[]): Promise<Set<string>> {
    const given = list.flatMap((r) => r.copies.map((c) => c.barcode).filter(Boolean));
    const taken = new Set<string>();
    for (let i = 0; i < given.length; i += 5000) {
      const rows = await db
        .select({ barcode: copy.barcode })
        .from(copy)
        .where(this.scope.where(copy, inArray(copy.barcode, given.slice(i, i + 5000))));
      for (const r of rows) taken.add(r.barcode);
    }
    return taken;
  }

  /**
   * Inserts planned rows (in the caller's transaction), 1,000 per statement. `last`: nothing follows in the
   * transaction, so its commit goes with the last of them (db/pipeline.ts).
   */
  async insertCopies(tx: Db, rows: CopyRow[], last = false): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      if (last && i + 1000 >= rows.length) commitWithNext(tx);
      await runNamed(tx, 'marc_import_copies', copiesInsert(rows.slice(i, i + 1000)));
    }
  }
}

/** The columns of `planCopies`' rows, in the order `copiesInsert` sends them. */
const COPY_COLUMNS = [
  'schoolId',
  'recordId',
  'barcode',
  'callNo',
  'classNo',
  'bookNo',
  'branchId',
  'locationId',
  'storeType',
  'unitPriceFen',
  'discountPriceFen',
  'batchId',
] as const satisfies readonly (keyof CopyRow)[];
const COPY_KEYS = new Set<string>(COPY_COLUMNS);

/** The rows' values per column of COPY_COLUMNS, as array literals (a value left out: the column's default). */
function copyCells(rows: CopyRow[]): string[] {
  const columns = getTableColumns(copy);
  for (const r of rows)
    for (const k of Object.keys(r))
      if (!COPY_KEYS.has(k)) throw new Error(`copiesInsert: column ${k} is not written (COPY_COLUMNS)`);
  return COPY_COLUMNS.map((key) => {
    const c = columns[key];
    const fallback = c.hasDefault && (typeof c.default !== 'object' || c.default === null) ? c.default : null;
    return arrayLiteral(
      rows.map((r) => {
        const v = r[key] ?? fallback;
        return v === null || v === undefined ? null : String(v);
      }),
    );
  });
}

/**
 * Copy rows as ONE `INSERT … SELECT FROM unnest(…)` with an array parameter per column (as marc.insert.ts does for
 * the records): drizzle's VALUES list of 12 parameters per copy cost the import's thread more than the database
 * spends inserting them.
 */
function copiesInsert(rows: CopyRow[]): SQL {
  const columns = getTableColumns(copy);
  const cells = copyCells(rows);
  const names = COPY_COLUMNS.map((key) => sql`${sql.identifier(columns[key].name)}`);
  const arrays = COPY_COLUMNS.map((key, k) => sql`${cells[k]}::${sql.raw(columns[key].getSQLType())}[]`);
  return sql`insert into ${copy} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}

/**
 * Records and their copies in ONE statement: the records' INSERT (marc.insert.ts) and the copies' as its parts, the
 * copies' record given by its place in the list (`planAhead` with record ids 1…n). On the embedded database every
 * statement is a round trip between two threads, which cost the import as much as the database's own work (its
 * thread was idle 35 % of the import, waiting for the next statement); a transaction of records with copies is now
 * one message there (its begin and commit travel with the statement). Answers the records' ids in list order.
 */
export function insertRecordsWithCopies(
  tx: Db,
  list: InsertRow[],
  statement: RecordsInsert,
  rows: CopyRow[],
): Promise<number[]> {
  if (!list.length) return Promise.resolve([]);
  const values: Record<string, unknown> = { ...statement.values };
  copyCells(rows).forEach((cells, k) => {
    values[`k${k}`] = cells;
  });
  return runTemplate(tx, 'marc_import_records_copies', recordsWithCopiesTemplate, values);
}

function recordsWithCopiesTemplate(): SQL {
  const columns = getTableColumns(copy);
  const names = COPY_COLUMNS.map((key) => sql`${sql.identifier(columns[key].name)}`);
  const arrays = COPY_COLUMNS.map(
    (key, k) => sql`${sql.placeholder(`k${k}`)}::${sql.raw(columns[key].getSQLType())}[]`,
  );
  // The unnest's record_id is the record's place in the list; ids are taken in list order, so the n-th smallest id.
  const selects = COPY_COLUMNS.map((key) =>
    key === 'recordId' ? sql`n."id"` : sql`c.${sql.identifier(columns[key].name)}`,
  );
  return sql`with r as (${recordsTemplate()}),
    n as (select "id", row_number() over (order by "id") as "n" from r),
    copies as (
      insert into ${copy} (${sql.join(names, sql`, `)})
      select ${sql.join(selects, sql`, `)}
      from unnest(${sql.join(arrays, sql`, `)}) with ordinality as c(${sql.join(names, sql`, `)}, "ord")
      join n on n."n" = c."record_id"
      order by c."ord")
    select "id" from n order by "n"`;
}
