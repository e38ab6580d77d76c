import pg from 'pg';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { t } from '../platform/i18n/messages.ts';
import { openDatabase, runMigrations } from './client.ts';
import './move-to-postgres.messages.ts';

/**
 * `npm run move-to-postgres -- postgres://…` (server stopped): copies the embedded database of DATA_DIR into an empty
 * PostgreSQL database. The schema comes from the migrations (so the target is exactly what `npm start` would make),
 * then the data table by table in foreign-key order, in batches, as text (no value is reinterpreted on the way:
 * timestamps keep their microseconds, numerics their digits), then every sequence is set to the source's position.
 * Every table's row count is compared at the end. The data folder is left as it was (files stay in DATA_DIR/files).
 */
export class MoveError extends Error {
  constructor(
    readonly msgKey: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(t('en', msgKey, params));
  }
}

export interface MoveResult {
  tables: number;
  rows: number;
  counts: Record<string, number>;
}

type Q = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

/** Values arrive as PostgreSQL's text and are sent back as text: the target parses them by the column types. */
const asText = { getTypeParser: () => (v: string) => v } as unknown as pg.CustomTypesConfig;

/** The public tables, each after the tables its foreign keys point at. */
async function tablesInOrder(q: Q): Promise<string[]> {
  const tables = (await q(`select tablename from pg_tables where schemaname = 'public' order by 1`)).rows.map(
    (r) => r.tablename as string,
  );
  const deps = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  const fks = await q(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const bare = (s: string) => s.replace(/^public\./, '').replace(/"/g, '');
  for (const f of fks.rows) if (bare(f.child) !== bare(f.parent)) deps.get(bare(f.child))?.add(bare(f.parent));
  const out: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: string) => {
    if (state.get(t) === 'done') return;
    if (state.get(t) === 'visiting') throw new MoveError('move.cycle', { table: t });
    state.set(t, 'visiting');
    for (const d of deps.get(t) ?? []) visit(d);
    state.set(t, 'done');
    out.push(t);
  };
  for (const t of tables) visit(t);
  return out;
}

async function columnsOf(q: Q, table: string): Promise<string[]> {
  const r = await q(
    `select a.attname from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [`public."${table}"`],
  );
  return r.rows.map((x) => x.attname as string);
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

export async function moveToPostgres(opts: {
  dataDir: string;
  url: string;
  log?: (line: string) => void;
  /** The language of the progress lines (refusals are MoveErrors: key and params). */
  lang?: Lang;
}): Promise<MoveResult> {
  const log = opts.log ?? (() => {});
  const lang = opts.lang ?? 'en';
  const target = new pg.Client({ connectionString: opts.url, types: asText });
  try {
    await target.connect();
  } catch (e) {
    throw new MoveError('move.cannotConnect', { url: redact(opts.url), error: (e as Error).message });
  }
  try {
    const present = await target.query(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    if (Number(present.rows[0].n) > 0) throw new MoveError('move.notEmpty');
    // The embedded database: this holds the data-folder lock (the server must be stopped) and upgrades it first, so
    // both sides have the same schema.
    const source = await openDatabase({ dataDir: opts.dataDir });
    try {
      await runMigrations(source);
      log(t(lang, 'move.schema'));
      const migrated = await openDatabase({ databaseUrl: opts.url, poolSize: 1 });
      try {
        await runMigrations(migrated);
      } finally {
        await migrated.close();
      }
      // The embedded side is read through its own node-postgres pool with the text parsers.
      const src = await sourceClient(source);
      try {
        const sq: Q = (text, values) => src.query({ text, values, types: asText });
        const tq: Q = (text, values) => target.query(text, values);
        const order = await tablesInOrder(sq);
        const counts: Record<string, number> = {};
        await target.query('begin');
        // Rows a migration itself inserted are the source's to give (the source ran the same migrations).
        await tq(`truncate ${order.map((t) => `public.${ident(t)}`).join(', ')} restart identity`);
        // The rows are copied as they are, rollups included (loan_day_*, gate_hour, held_record…): the triggers that
        // keep them would count every copied loan, pass and copy a second time (and record_match_key's rows would
        // be written twice). Off for the copy, on again after.
        for (const table of order) await tq(`alter table public.${ident(table)} disable trigger user`);
        for (const table of order) {
          const cols = await columnsOf(sq, table);
          const list = cols.map(ident).join(', ');
          const batch = Math.max(1, Math.min(1000, Math.floor(30000 / cols.length)));
          let n = 0;
          await sq('begin');
          await sq(`declare move_cursor no scroll cursor for select ${list} from public.${ident(table)}`);
          for (;;) {
            const { rows } = await sq(`fetch ${batch} from move_cursor`);
            if (!rows.length) break;
            const values: unknown[] = [];
            const tuples = rows.map((r) => {
              const ps = cols.map((c) => {
                values.push(r[c]);
                return `$${values.length}`;
              });
              return `(${ps.join(', ')})`;
            });
            await tq(
              `insert into public.${ident(table)} (${list}) overriding system value values ${tuples.join(', ')}`,
              values,
            );
            n += rows.length;
          }
          await sq('close move_cursor');
          await sq('commit');
          counts[table] = n;
          if (n) log(t(lang, 'move.tableRows', { table, rows: n.toLocaleString('en') }));
        }
        // Sequences where the source left them (serial ids continue after the copied rows).
        const seqs = await sq(
          `select schemaname, sequencename, last_value from pg_sequences where schemaname = 'public'`,
        );
        for (const s of seqs.rows) {
          const name = `${ident(s.schemaname)}.${ident(s.sequencename)}`;
          if (s.last_value === null) await tq(`select setval($1::regclass, 1, false)`, [name]);
          else await tq(`select setval($1::regclass, $2::bigint, true)`, [name, s.last_value]);
        }
        for (const table of order) await tq(`alter table public.${ident(table)} enable trigger user`);
        await target.query('commit');
        // Verify: every table's rows on both sides.
        for (const table of order) {
          const [a, b] = await Promise.all([
            sq(`select count(*)::bigint as n from public.${ident(table)}`),
            tq(`select count(*)::bigint as n from public.${ident(table)}`),
          ]);
          if (String(a.rows[0].n) !== String(b.rows[0].n))
            throw new MoveError('move.countMismatch', { table, target: b.rows[0].n, source: a.rows[0].n });
        }
        return { tables: order.length, rows: Object.values(counts).reduce((x, y) => x + y, 0), counts };
      } finally {
        src.release();
      }
    } catch (e) {
      await target.query('rollback').catch(() => {});
      throw e;
    } finally {
      await source.close();
    }
  } finally {
    await target.end().catch(() => {});
  }
}

/** A node-postgres client on the embedded database (the pool behind its drizzle handle). */
async function sourceClient(source: Awaited<ReturnType<typeof openDatabase>>): Promise<pg.PoolClient> {
  const pool = (source.db as unknown as { $client: pg.Pool }).$client;
  return pool.connect();
}

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
