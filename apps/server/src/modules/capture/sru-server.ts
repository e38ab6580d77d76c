import { and, count, not, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import { searchPlan } from '../catalogue/catalogue-search.service.ts';
import { recordsForExport } from '../catalogue/catalogue.service.ts';
import { catalogueRecord as r } from '../catalogue/catalogue.table.ts';
import { recordToXml } from '../marc/lib/marcxml-writer.ts';
import { marcOf, type RecordRow } from '../marc/marc.build.ts';
import { publicView } from '../opac/search.service.ts';
import { school } from '../school/school.table.ts';
import { fieldWhere } from '../search/lib/query.ts';
import { getSetting } from '../settings/settings.service.ts';
import { type CqlNode, CqlError, parseCql } from './cql.ts';

/**
 * A school as an SRU source (SRU 1.1, 1.2 and 2.0; GET `/sru/<school code>`): explain, and searchRetrieve with CQL
 * over the school's public catalogue (what its public search site shows: never another school's records, never
 * records whose copies are all weeded or hidden by the resource rules), as MARCXML or Dublin Core. The school
 * turns it off with the setting `sru.enabled`. Anything unsupported answers an SRU diagnostic.
 */

export const SRU_MAX_RECORDS = 50;
const DEFAULT_RECORDS = 10;

/** Indexes: CQL name (lower case, context set optional) → what it searches. */
const INDEXES: Record<string, 'title' | 'author' | 'isbn' | 'subject' | 'any' | 'all'> = {
  'dc.title': 'title',
  title: 'title',
  'dc.creator': 'author',
  'dc.author': 'author',
  creator: 'author',
  author: 'author',
  'bath.isbn': 'isbn',
  isbn: 'isbn',
  'dc.identifier': 'isbn',
  'dc.subject': 'subject',
  subject: 'subject',
  'cql.anywhere': 'any',
  'cql.serverchoice': 'any',
  anywhere: 'any',
  serverchoice: 'any',
  'cql.allrecords': 'all',
};
/** Relations: '=' (and its word relations adj/all/==/exact) needs every word; 'any' one of them. */
const RELATIONS = new Set(['=', '==', 'adj', 'all', 'any', 'exact', 'scr']);

const SCHEMAS: Record<string, 'marcxml' | 'dc'> = {
  marcxml: 'marcxml',
  marc21: 'marcxml',
  'info:srw/schema/1/marcxml-v1.1': 'marcxml',
  'info:srw/schema/1/marcxml-1.1': 'marcxml',
  'http://www.loc.gov/marc21/slim': 'marcxml',
  dc: 'dc',
  'info:srw/schema/1/dc-v1.1': 'dc',
  'http://purl.org/dc/elements/1.1/': 'dc',
};
const SCHEMA_ID = { marcxml: 'info:srw/schema/1/marcxml-v1.1', dc: 'info:srw/schema/1/dc-v1.1' } as const;

/** An SRU diagnostic (info:srw/diagnostic/1/<n>). */
export class SruDiagnostic extends Error {
  constructor(
    readonly n: number,
    readonly details = '',
  ) {
    super(`${n}: ${details}`);
  }
}

const DIAG_TEXT: Record<number, string> = {
  1: 'General system error',
  4: 'Unsupported operation',
  5: 'Unsupported version',
  6: 'Unsupported parameter value',
  7: 'Mandatory parameter not supplied',
  8: 'Unsupported parameter',
  10: 'Query syntax error',
  16: 'Unsupported index',
  19: 'Unsupported relation',
  20: 'Unsupported relation modifier',
  27: 'Empty term unsupported',
  37: 'Unsupported boolean operator',
  46: 'Unsupported boolean modifier',
  61: 'First record position out of range',
  66: 'Unknown schema for retrieval',
  71: 'Unsupported record packing',
  80: 'Sort not supported',
  235: 'Database does not exist',
};

const xml = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 forbids
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The response dialect: 1.1/1.2 (zs, http://www.loc.gov/zing/srw/) or 2.0 (OASIS searchRetrieve). */
interface Dialect {
  version: string;
  ns: string;
  diagNs: string;
}
const dialect = (version: string): Dialect =>
  version === '2.0'
    ? {
        version,
        ns: 'http://docs.oasis-open.org/ns/search-ws/sruResponse',
        diagNs: 'http://docs.oasis-open.org/ns/search-ws/diagnostic',
      }
    : { version, ns: 'http://www.loc.gov/zing/srw/', diagNs: 'http://www.loc.gov/zing/srw/diagnostic/' };

function diagnosticXml(d: Dialect, e: SruDiagnostic): string {
  return (
    `<zs:diagnostics><diag:diagnostic xmlns:diag="${d.diagNs}"><diag:uri>info:srw/diagnostic/1/${e.n}</diag:uri>` +
    `${e.details ? `<diag:details>${xml(e.details)}</diag:details>` : ''}` +
    `<diag:message>${xml(DIAG_TEXT[e.n] ?? 'Diagnostic')}</diag:message></diag:diagnostic></zs:diagnostics>`
  );
}

const head = '<?xml version="1.0" encoding="UTF-8"?>\n';

// ---- CQL → SQL ----

async function clauseSql(db: Db, scope: Scope, n: CqlNode): Promise<SQL> {
  if (n.type === 'bool') {
    if (n.op === 'prox') throw new SruDiagnostic(37, 'prox');
    if (n.modifiers.length) throw new SruDiagnostic(46, n.modifiers[0].name);
    const left = await clauseSql(db, scope, n.left);
    const right = await clauseSql(db, scope, n.right);
    if (n.op === 'and') return and(left, right) as SQL;
    if (n.op === 'or') return or(left, right) as SQL;
    return and(left, not(right)) as SQL;
  }
  const kind = INDEXES[n.index.toLowerCase()];
  if (!kind) throw new SruDiagnostic(16, n.index);
  if (!RELATIONS.has(n.relation)) throw new SruDiagnostic(19, n.relation);
  if (n.modifiers.length) throw new SruDiagnostic(20, n.modifiers[0].name);
  if (kind === 'all') return sql`true`;
  const term = n.term.replace(/\\([*?^])/g, '$1').trim();
  if (!term) throw new SruDiagnostic(27);
  const words = n.relation === 'any' ? term.split(/\s+/) : [term];
  const parts = await Promise.all(words.map((w) => termSql(db, scope, kind, w)));
  return parts.length === 1 ? parts[0] : (or(...parts) as SQL);
}

async function termSql(db: Db, scope: Scope, kind: 'title' | 'author' | 'isbn' | 'subject' | 'any', text: string) {
  if (kind === 'subject') return fieldWhere(r.search, [sql`array_to_string(${r.subjects}, ' ')`], text, 'B');
  const plan = await searchPlan(db, scope, {
    SearchKey: text,
    field: kind === 'any' ? undefined : kind,
    sort: 'relevance',
    facets: {},
  });
  return plan.where;
}

// ---- records ----

function dcXml(row: RecordRow): string {
  const el = (name: string, v: string | number | null | undefined) =>
    v === null || v === undefined || v === '' ? '' : `<dc:${name}>${xml(String(v))}</dc:${name}>`;
  return (
    '<srw_dc:dc xmlns:srw_dc="info:srw/schema/1/dc-schema" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
    el('title', row.title) +
    el('creator', row.author) +
    row.subjects.map((s) => el('subject', s)).join('') +
    el('subject', row.classNo) +
    el('description', row.summary) +
    el('publisher', row.publisher) +
    el('date', row.pubYear) +
    el('type', 'Text') +
    el('identifier', row.isbn ? `ISBN ${row.isbn}` : '') +
    el('language', row.language) +
    '</srw_dc:dc>'
  );
}

function recordXml(row: RecordRow, schema: 'marcxml' | 'dc'): string {
  if (schema === 'dc') return dcXml(row);
  return recordToXml(marcOf(row), '').replace(/^<record>/, '<record xmlns="http://www.loc.gov/MARC21/slim">');
}

// ---- operations ----

type Params = Record<string, string>;

function positiveInt(p: Params, name: string, dflt: number): number {
  const v = p[name];
  if (v === undefined || v === '') return dflt;
  if (!/^\d+$/.test(v)) throw new SruDiagnostic(6, name);
  return Number(v);
}

async function searchRetrieve(db: Db, scope: Scope, d: Dialect, p: Params): Promise<string> {
  const query = p.query;
  if (query === undefined || query.trim() === '') throw new SruDiagnostic(7, 'query');
  if (p.queryType && p.queryType !== 'cql') throw new SruDiagnostic(6, 'queryType');
  const start = positiveInt(p, 'startRecord', 1);
  if (start < 1) throw new SruDiagnostic(6, 'startRecord');
  const max = Math.min(positiveInt(p, 'maximumRecords', DEFAULT_RECORDS), SRU_MAX_RECORDS);
  const schemaName = (p.recordSchema || 'marcxml').toLowerCase();
  const schema = SCHEMAS[schemaName];
  if (!schema) throw new SruDiagnostic(66, p.recordSchema);
  // 1.x: recordPacking xml|string; 2.0: recordXMLEscaping xml|string (recordPacking there is packed|unpacked).
  const escaping = d.version === '2.0' ? (p.recordXMLEscaping ?? 'xml') : (p.recordPacking ?? 'xml');
  if (escaping !== 'xml' && escaping !== 'string') throw new SruDiagnostic(71, escaping);
  if (d.version === '2.0' && p.recordPacking && p.recordPacking !== 'packed')
    throw new SruDiagnostic(6, 'recordPacking');
  if (p.sortKeys) throw new SruDiagnostic(80, p.sortKeys);

  let cql: ReturnType<typeof parseCql>;
  try {
    cql = parseCql(query);
  } catch (e) {
    if (e instanceof CqlError) throw new SruDiagnostic(e.diagnostic, e.message);
    throw e;
  }
  if (cql.sortBy.length) throw new SruDiagnostic(80, cql.sortBy.join(' '));
  const match = await clauseSql(db, scope, cql.root);
  const view = await publicView(db, scope);
  // Withdrawn: a record with copies none of which the public sees (all weeded or hidden). Copy-less records show.
  const shown = sql`(not exists (select 1 from copy c where c.school_id = ${scope.schoolId} and c.record_id = catalogue_record.id)
    or exists (select 1 from copy c where c.school_id = ${scope.schoolId} and c.record_id = catalogue_record.id and ${view.copy}))`;
  const where = scope.where(r, match, shown);
  const [{ n }] = await db.select({ n: count() }).from(r).where(where);
  const total = Number(n);
  if (total > 0 && start > total) throw new SruDiagnostic(61, String(start));
  const ids = max
    ? (
        await db
          .select({ id: r.id })
          .from(r)
          .where(where)
          .orderBy(r.id)
          .limit(max)
          .offset(start - 1)
      ).map((x) => x.id)
    : [];
  const rows = ids.length ? await recordsForExport(db, scope, { ids }) : [];
  const byId = new Map<number, RecordRow>(rows.map((x) => [x.id, x]));
  const records = ids
    .flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    })
    .map((row, i) => {
      const body = recordXml(row, schema);
      const packingEl =
        d.version === '2.0'
          ? `<zs:recordXMLEscaping>${escaping}</zs:recordXMLEscaping>`
          : `<zs:recordPacking>${escaping}</zs:recordPacking>`;
      return (
        `<zs:record><zs:recordSchema>${SCHEMA_ID[schema]}</zs:recordSchema>${packingEl}` +
        `<zs:recordData>${escaping === 'string' ? xml(body) : body}</zs:recordData>` +
        `<zs:recordPosition>${start + i}</zs:recordPosition></zs:record>`
      );
    });
  const next = start + records.length <= total && records.length ? start + records.length : 0;
  return (
    `${head}<zs:searchRetrieveResponse xmlns:zs="${d.ns}"><zs:version>${d.version}</zs:version>` +
    `<zs:numberOfRecords>${total}</zs:numberOfRecords>` +
    (records.length ? `<zs:records>${records.join('')}</zs:records>` : '') +
    (next ? `<zs:nextRecordPosition>${next}</zs:nextRecordPosition>` : '') +
    `<zs:echoedSearchRetrieveRequest><zs:version>${d.version}</zs:version><zs:query>${xml(query)}</zs:query>` +
    `<zs:startRecord>${start}</zs:startRecord><zs:maximumRecords>${max}</zs:maximumRecords>` +
    `<zs:recordSchema>${xml(schemaName)}</zs:recordSchema></zs:echoedSearchRetrieveRequest>` +
    '</zs:searchRetrieveResponse>\n'
  );
}

function explain(d: Dialect, host: string, port: number, path: string, title: string): string {
  const index = (set: string, name: string, label: string) =>
    `<zr:index><zr:title>${xml(label)}</zr:title><zr:map><zr:name set="${set}">${name}</zr:name></zr:map></zr:index>`;
  const record =
    '<zr:explain xmlns:zr="http://explain.z3950.org/dtd/2.0/">' +
    `<zr:serverInfo protocol="SRU" version="${d.version}"><zr:host>${xml(host)}</zr:host><zr:port>${port}</zr:port>` +
    `<zr:database>${xml(path)}</zr:database></zr:serverInfo>` +
    `<zr:databaseInfo><zr:title lang="zh" primary="true">${xml(title)}</zr:title>` +
    `<zr:description lang="en">The public catalogue of ${xml(title)} (Shuyuan)</zr:description></zr:databaseInfo>` +
    '<zr:indexInfo>' +
    '<zr:set identifier="info:srw/cql-context-set/1/cql-v1.2" name="cql"/>' +
    '<zr:set identifier="info:srw/cql-context-set/1/dc-v1.1" name="dc"/>' +
    '<zr:set identifier="http://zing.z3950.org/cql/bath/2.0/" name="bath"/>' +
    index('dc', 'title', 'Title') +
    index('dc', 'creator', 'Author') +
    index('dc', 'subject', 'Subject') +
    index('bath', 'isbn', 'ISBN') +
    index('cql', 'anywhere', 'Any word') +
    index('cql', 'serverChoice', 'Any word (default)') +
    index('cql', 'allRecords', 'All records') +
    '</zr:indexInfo>' +
    '<zr:schemaInfo>' +
    `<zr:schema identifier="${SCHEMA_ID.marcxml}" name="marcxml"><zr:title>MARCXML</zr:title></zr:schema>` +
    `<zr:schema identifier="${SCHEMA_ID.dc}" name="dc"><zr:title>Dublin Core</zr:title></zr:schema>` +
    '</zr:schemaInfo>' +
    `<zr:configInfo><zr:default type="numberOfRecords">${DEFAULT_RECORDS}</zr:default>` +
    `<zr:setting type="maximumRecords">${SRU_MAX_RECORDS}</zr:setting>` +
    '<zr:default type="contextSet">cql</zr:default><zr:default type="index">cql.serverChoice</zr:default>' +
    '<zr:supports type="relation">=</zr:supports><zr:supports type="relation">any</zr:supports>' +
    '<zr:supports type="relation">all</zr:supports><zr:supports type="relation">adj</zr:supports>' +
    '<zr:supports type="booleanModifier">and</zr:supports></zr:configInfo>' +
    '</zr:explain>';
  return (
    `${head}<zs:explainResponse xmlns:zs="${d.ns}"><zs:version>${d.version}</zs:version>` +
    `<zs:record><zs:recordSchema>http://explain.z3950.org/dtd/2.0/</zs:recordSchema>` +
    (d.version === '2.0'
      ? '<zs:recordXMLEscaping>xml</zs:recordXMLEscaping>'
      : '<zs:recordPacking>xml</zs:recordPacking>') +
    `<zs:recordData>${record}</zs:recordData></zs:record>` +
    '</zs:explainResponse>\n'
  );
}

const VERSIONS = new Set(['1.1', '1.2', '2.0']);
/** Parameters each operation knows (others, except x- extensions, are diagnostic 8). */
const KNOWN = new Set([
  'operation',
  'version',
  'query',
  'queryType',
  'startRecord',
  'maximumRecords',
  'recordPacking',
  'recordXMLEscaping',
  'recordSchema',
  'sortKeys',
  'stylesheet',
  'resultSetTTL',
  'recordXPath',
  'httpAccept',
  'extraRequestData',
]);

export function sruServerRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/sru/:code',
    access: 'public',
    raw: true,
    summary: "SRU server of a school's public catalogue: explain, searchRetrieve (CQL; marcxml, dc)",
    handler: async ({ req, reply, db }) => {
      const raw = req.query as Record<string, string | string[]>;
      const p: Params = Object.fromEntries(
        Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]),
      );
      const asked = p.version ?? '';
      const d = dialect(asked === '2.0' ? '2.0' : asked === '1.1' ? '1.1' : '1.2');
      reply.header('content-type', 'text/xml; charset=utf-8');
      const fault = (e: SruDiagnostic, status = 200) => {
        reply.code(status);
        return (
          `${head}<zs:searchRetrieveResponse xmlns:zs="${d.ns}"><zs:version>${d.version}</zs:version>` +
          `<zs:numberOfRecords>0</zs:numberOfRecords>${diagnosticXml(d, e)}</zs:searchRetrieveResponse>\n`
        );
      };
      try {
        const code = (req.params as { code: string }).code;
        const [s] = await db
          .select({ id: school.id, name: school.name, state: school.state })
          .from(school)
          .where(sql`${school.code} = ${code}`);
        const scope = s && s.state === 1 ? new Scope(s.id) : null;
        if (!scope || !(await getSetting<boolean>(db, scope, 'sru.enabled')))
          return fault(new SruDiagnostic(235, code), 404);
        if (asked && !VERSIONS.has(asked)) return fault(new SruDiagnostic(5, asked));
        const unknown = Object.keys(p).find((k) => !KNOWN.has(k) && !k.startsWith('x-'));
        if (unknown) return fault(new SruDiagnostic(8, unknown));
        const operation = p.operation ?? (p.query === undefined ? 'explain' : 'searchRetrieve');
        if (operation === 'explain') {
          const host = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
          const port = Number(/:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? (req.protocol === 'https' ? 443 : 80));
          return explain(d, host, port, `sru/${code}`, s.name);
        }
        if (operation !== 'searchRetrieve') return fault(new SruDiagnostic(4, operation));
        return await searchRetrieve(db, scope, d, p);
      } catch (e) {
        if (e instanceof SruDiagnostic) return fault(e);
        req.log.error(e);
        return fault(new SruDiagnostic(1, 'internal error'), 500);
      }
    },
  });
}
