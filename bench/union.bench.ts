import { sql } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { rebuildUnionIndex, refreshUnionIndex } from '../apps/server/src/modules/union/union-index.service.ts';
import { P } from '../packages/contracts/src/common/paths.ts';
import { type LibrarySize, makeTitles } from './library-fixture.ts';
import { type LibraryServer, libraryServer, timedPost } from './library-app.ts';
import { report, summarize } from './stats.ts';

/** BENCH_SCALE (e.g. 0.02) shrinks the district to try the benchmark quickly; figures count only at 1. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SCHOOLS = 40;
/** The titles a district's schools choose from; each other school holds ~60% of them, 2 copies each. */
const POOL: LibrarySize = { records: Math.round(40_000 * SCALE), copiesPerRecord: 2, readers: 100, onLoan: 0 };
const URL = `${P}/Union/Search`;

const COLS =
  'title, parallel_title, author, responsibility, edition, publisher, pub_place, pub_year, isbn, issn, class_no, book_no, price_fen, language, pages, series, subjects, summary, search, search_version, match_keys';

/**
 * The other 39 schools, set-based: each takes a deterministic ~60% of the pool school's records (search documents
 * and match keys included) with their copies; then one union of all 40, every member sharing everything.
 */
async function district(s: LibraryServer): Promise<{ unionId: number; copies: number; records: number }> {
  const { db } = s.database;
  const t0 = performance.now();
  // The pool school's records carry no match keys in the fixture: ISBN keys make the same title one hit.
  await db.execute(
    sql`update catalogue_record set match_keys = array['isbn:' || isbn] where school_id = ${s.schoolId}`,
  );
  for (let k = 2; k <= SCHOOLS; k++) {
    const [{ id }] = (
      await db.execute(sql`insert into school (code, name) values (${`union${k}`}, ${`联盟学校${k}`}) returning id`)
    ).rows as { id: number }[];
    await db.execute(sql`drop table if exists bench_map`);
    await db.execute(sql`create temp table bench_map as
      select id as src, nextval(pg_get_serial_sequence('catalogue_record', 'id')) as dst
      from catalogue_record where school_id = ${s.schoolId} and (id * 2654435761 + ${k} * 40503) % 10 < 6`);
    await db.execute(
      sql.raw(`insert into catalogue_record (id, school_id, ${COLS})
      select m.dst, ${Number(id)}, ${COLS} from bench_map m join catalogue_record r on r.id = m.src`),
    );
    await db.execute(sql`insert into copy (school_id, record_id, barcode, class_no, book_no, call_no, store_type, circ_state)
      select ${id}, m.dst, c.barcode, c.class_no, c.book_no, c.call_no, c.store_type,
        case when (c.id + ${k}) % 5 = 0 then 'borrowed' else 'available' end
      from bench_map m join copy c on c.record_id = m.src`);
    if (k % 10 === 0) console.log(`    school ${k}/${SCHOOLS} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  const [{ unionId }] = (
    await db.execute(
      sql`insert into school_union (name, creator_school_id) values ('基准联盟', ${s.schoolId}) returning id as "unionId"`,
    )
  ).rows as { unionId: number }[];
  await db.execute(sql`insert into union_member (union_id, school_id, role, status, share)
    select ${unionId}, id, case when id = ${s.schoolId} then 'creator' else 'member' end, 'passed', 'lending'
    from school where id = ${s.schoolId} or code like 'union%'`);
  const t1 = performance.now();
  await rebuildUnionIndex(db, Number(unionId));
  const [w] = (await db.execute(sql`select count(*)::int as n from union_record where union_id = ${unionId}`)).rows as {
    n: number;
  }[];
  console.log(`    union index built: ${w.n} works (${((performance.now() - t1) / 1000).toFixed(1)} s)`);
  await s.database.exec('analyze');
  const [n] = (
    await db.execute(
      sql`select (select count(*)::int from copy) as copies, (select count(*)::int from catalogue_record) as records`,
    )
  ).rows as { copies: number; records: number }[];
  console.log(
    `    district ready: ${n.records} records, ${n.copies} copies (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  return { unionId: Number(unionId), ...n };
}

/** Milliseconds per statement of `n` runs of `one(i)`. */
async function perStatement(n: number, one: (i: number) => Promise<unknown>) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await one(i);
  return (performance.now() - t0) / n;
}

/**
 * What the index costs the writers: a catalogue edit of a member's record (its trigger lists the work) against the
 * same edit where no union is (the trigger finds no membership), a loan's copy update (no trigger fires), and the
 * refresh per listed work.
 */
async function writeCosts(s: LibraryServer, unionId: number) {
  const { db } = s.database;
  const idsOf = async (q: ReturnType<typeof sql>) => (await rowsOf<{ id: number }>(db, q)).map((r) => Number(r.id));
  const ids = await idsOf(sql`select id from catalogue_record where school_id = ${s.schoolId} order by id limit 200`);
  const copies = await idsOf(sql`select id from copy where school_id = ${s.schoolId} order by id limit 200`);
  const edit = (i: number, mark: string) =>
    db.execute(sql`update catalogue_record set title = title || ${mark}, updated_at = now() where id = ${ids[i]}`);
  const member = await perStatement(100, (i) => edit(i, ' '));
  const refresh0 = performance.now();
  await refreshUnionIndex(db, unionId);
  const refresh = (performance.now() - refresh0) / 100;
  await db.execute(
    sql`update union_member set status = 'rejected' where union_id = ${unionId} and school_id = ${s.schoolId}`,
  );
  await db.execute(sql`delete from union_dirty where union_id = ${unionId}`);
  const outside = await perStatement(100, (i) => edit(100 + i, ' '));
  await db.execute(
    sql`update union_member set status = 'passed' where union_id = ${unionId} and school_id = ${s.schoolId}`,
  );
  const loan = await perStatement(200, (i) =>
    db.execute(
      sql`update copy set circ_state = 'borrowed', version = version + 1, updated_at = now() where id = ${copies[i]}`,
    ),
  );
  const rejoin0 = performance.now();
  await refreshUnionIndex(db, unionId);
  const rejoin = (performance.now() - rejoin0) / 1000;
  await db.execute(sql`update copy set circ_state = 'available' where id = any(${sql.param(copies)}::int[])`);
  console.log(
    `    writes: record edit ${member.toFixed(2)} ms in a member school, ${outside.toFixed(2)} ms outside any union;` +
      ` refresh ${refresh.toFixed(2)} ms per edited work; loan's copy update ${loan.toFixed(2)} ms (no trigger);` +
      ` the pool school leaving and joining again: ${rejoin.toFixed(1)} s to refresh its works`,
  );
}

/** What a librarian types in the union search: words, pinyin, initials, English, ISBN, fields. */
function queries(n: number) {
  const titles = makeTitles(POOL.records);
  const out: { kind: string; body: Record<string, unknown> }[] = [];
  for (let i = 0; out.length < n; i += 997) {
    const t = titles[(i * 7919) % titles.length];
    const zh = /[\u4e00-\u9fff]{2,}/.exec(t.title)?.[0];
    const k = out.length % 6;
    if (zh && k === 0) out.push({ kind: 'Chinese word', body: { SearchKey: zh.slice(0, 4) } });
    else if (zh && k === 1)
      out.push({
        kind: 'pinyin',
        body: { SearchKey: pinyin(zh.slice(0, 2), { toneType: 'none', type: 'array' }).join('') },
      });
    else if (zh && k === 2)
      out.push({
        kind: 'initials',
        body: { SearchKey: pinyin(zh.slice(0, 3), { pattern: 'first', type: 'array' }).join('') },
      });
    else if (!zh && k < 3) out.push({ kind: 'English', body: { SearchKey: t.title.split(' ').slice(1, 3).join(' ') } });
    else if (k === 3) out.push({ kind: 'ISBN', body: { SearchKey: t.isbn } });
    else if (k === 4) out.push({ kind: 'author field', body: { SearchKey: t.author.slice(0, 2), field: 'author' } });
    else out.push({ kind: 'title field', body: { SearchKey: t.title.slice(0, 3), field: 'title' } });
  }
  return out;
}

/** `npm run bench union`: union search over 40 schools, ~2M copies, PostgreSQL (budget p95 < 200 ms). */
export async function benchUnion(pgUrl: string | null) {
  if (!pgUrl) return console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
  const s = await libraryServer('PostgreSQL', POOL, pgUrl);
  try {
    const d = await district(s);
    await writeCosts(s, d.unionId);
    const qs = queries(300);
    for (const q of qs.slice(0, 30)) await timedPost(s, URL, { unionId: d.unionId, Page: 1, Rows: 20, ...q.body });
    const server: number[] = [];
    const byKind = new Map<string, number[]>();
    let hits = 0;
    let capped = 0;
    for (const q of qs) {
      const r = await timedPost(s, URL, { unionId: d.unionId, Page: 1, Rows: 20, ...q.body });
      if (!r.json.success) throw new Error(`union search failed: ${r.json.msg}`);
      if (r.json.data.Total > 0) hits++;
      if (r.json.data.More) capped++;
      server.push(r.server);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), r.server]);
    }
    const sv = summarize(server);
    report(
      `union search p95 server time, PostgreSQL (${SCHOOLS} schools, ${(d.copies / 1e6).toFixed(2)}M copies)`,
      sv.p95,
      'ms',
      200,
    );
    console.log(
      `  (p50 ${sv.p50.toFixed(1)} ms, max ${sv.max.toFixed(1)} ms; ${hits}/${qs.length} queries found something, ${capped} more than the cap; facets and holdings included)`,
    );
    for (const [k, v] of byKind) {
      const x = summarize(v);
      console.log(
        `    ${k.padEnd(20)} p50 ${x.p50.toFixed(1).padStart(6)} ms  p95 ${x.p95.toFixed(1).padStart(6)} ms  n=${x.n}`,
      );
    }
  } finally {
    await s.close();
  }
}
