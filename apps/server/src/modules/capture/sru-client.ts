import type { SruErrorCode } from '@shuyuan/contracts/capture/capture';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { readMarcXml } from '../marc/lib/marcxml-reader.ts';

/**
 * A minimal SRU client (searchRetrieve, versions 1.1/1.2/2.0) returning MARCXML records parsed by the marc lib.
 * Works against any SRU server: LoC, Koha, Zebra/yaz (e.g. `yaz-ztest`), Alma, the National Library of China.
 */
export interface SruTarget {
  baseUrl: string;
  database: string;
  version: string;
  recordSchema: string;
  timeoutMs: number;
}

export class SruError extends Error {
  constructor(
    readonly code: SruErrorCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export interface SruResult {
  total: number;
  records: MarcRecord[];
  url: string;
}

/** The searchRetrieve URL: base URL, then the database as a path segment, then the query parameters. */
/** The base URL, then the database as a path segment, with the version and the operation. */
function operationUrl(t: SruTarget, operation: string): URL {
  const url = new URL(t.baseUrl);
  if (t.database) url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(t.database)}`;
  url.searchParams.set('version', t.version);
  url.searchParams.set('operation', operation);
  return url;
}

export function searchUrl(t: SruTarget, cql: string, max: number): string {
  const url = operationUrl(t, 'searchRetrieve');
  const p = url.searchParams;
  if (t.version.startsWith('2')) p.set('queryType', 'cql');
  p.set('query', cql);
  p.set('maximumRecords', String(max));
  p.set('recordSchema', t.recordSchema);
  if (!t.version.startsWith('2')) p.set('recordPacking', 'xml');
  return url.toString();
}

/** A CQL term, quoted when it holds anything but letters, digits and hyphens. */
export const cqlTerm = (s: string) => (/^[\p{L}\p{N}-]+$/u.test(s) ? s : `"${s.replace(/["\\]/g, '\\$&')}"`);

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Parses a searchRetrieveResponse: hit count, diagnostics, and the MARCXML of each recordData. */
export function parseSearchResponse(xml: string): { total: number; records: MarcRecord[] } {
  if (!/searchRetrieveResponse/.test(xml)) throw new SruError('BAD_RESPONSE', xml.slice(0, 200));
  const diag = /<(?:\w+:)?diagnostic\b[\s\S]*?<\/(?:\w+:)?diagnostic>/.exec(xml)?.[0];
  const totalText = /<(?:\w+:)?numberOfRecords>\s*(\d+)\s*</.exec(xml)?.[1];
  if (diag && !totalText) {
    const msg = /<(?:\w+:)?message>([\s\S]*?)</.exec(diag)?.[1] ?? '';
    const det = /<(?:\w+:)?details>([\s\S]*?)</.exec(diag)?.[1] ?? '';
    throw new SruError('DIAGNOSTIC', [msg, det].filter(Boolean).join(': ') || 'diagnostic');
  }
  const records: MarcRecord[] = [];
  for (const m of xml.matchAll(/<((?:\w+:)?)recordData\b[^>]*>([\s\S]*?)<\/\1recordData>/g)) {
    let body = m[2].trim();
    if (body.startsWith('&lt;')) body = unescapeXml(body); // recordPacking=string
    for (const r of readMarcXml(body)) if (r.ok) records.push(r.record);
  }
  return { total: totalText ? Number(totalText) : records.length, records };
}

/**
 * How a request goes out: `fetch` by default; union federation passes a guarded one that refuses private addresses
 * and redirects (union/remote-http.ts). Throws an SruError itself or any error (a timeout named TimeoutError or
 * AbortError; a connection error with its code).
 */
export type HttpGet = (url: string, timeoutMs: number) => Promise<{ status: number; text: string }>;

const fetchGet: HttpGet = async (url, timeoutMs) => {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/xml, text/xml' },
  });
  return { status: res.status, text: await res.text() };
};

/** One GET of an SRU URL; every failure is an SruError with a stable code. */
async function getSru(t: SruTarget, url: string, get: HttpGet) {
  try {
    return await get(url, t.timeoutMs);
  } catch (e) {
    if (e instanceof SruError) throw e;
    const err = e as Error & { code?: string; cause?: { code?: string } };
    if (err.name === 'TimeoutError' || err.name === 'AbortError') throw new SruError('TIMEOUT', `${t.timeoutMs} ms`);
    throw new SruError('UNREACHABLE', err.cause?.code ?? err.code ?? err.message);
  }
}

const httpOk = (status: number) => status >= 200 && status < 300;

/** Runs one searchRetrieve with a timeout; every failure is an SruError with a stable code. */
export async function searchRetrieve(t: SruTarget, cql: string, max = 1, get: HttpGet = fetchGet): Promise<SruResult> {
  const url = searchUrl(t, cql, max);
  const res = await getSru(t, url, get);
  if (!httpOk(res.status) && !/searchRetrieveResponse/.test(res.text)) throw new SruError('HTTP', String(res.status));
  const parsed = parseSearchResponse(res.text);
  if (!parsed.records.length) throw new SruError('NO_RECORDS', cql);
  return { ...parsed, url };
}

/** Runs explain: the server's database title (ZeeRex databaseInfo), or '' when it names none. */
export async function explainTitle(t: SruTarget, get: HttpGet = fetchGet): Promise<string> {
  const res = await getSru(t, operationUrl(t, 'explain').toString(), get);
  if (!/explainResponse/.test(res.text)) {
    if (!httpOk(res.status)) throw new SruError('HTTP', String(res.status));
    throw new SruError('BAD_RESPONSE', res.text.slice(0, 200));
  }
  const info = /<(?:\w+:)?databaseInfo\b[\s\S]*?<\/(?:\w+:)?databaseInfo>/.exec(res.text)?.[0] ?? '';
  return unescapeXml(/<(?:\w+:)?title\b[^>]*>([\s\S]*?)</.exec(info)?.[1]?.trim() ?? '');
}
