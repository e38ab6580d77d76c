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
export function searchUrl(t: SruTarget, cql: string, max: number): string {
  const url = new URL(t.baseUrl);
  if (t.database) url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(t.database)}`;
  const p = url.searchParams;
  p.set('version', t.version);
  p.set('operation', 'searchRetrieve');
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

/** Runs one searchRetrieve with a timeout; every failure is an SruError with a stable code. */
export async function searchRetrieve(t: SruTarget, cql: string, max = 1): Promise<SruResult> {
  const url = searchUrl(t, cql, max);
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.timeout(t.timeoutMs),
      headers: { accept: 'application/xml, text/xml' },
    });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    if (err.name === 'TimeoutError' || err.name === 'AbortError') throw new SruError('TIMEOUT', `${t.timeoutMs} ms`);
    throw new SruError('UNREACHABLE', err.cause?.code ?? err.message);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    const err = e as Error;
    throw new SruError(err.name === 'TimeoutError' ? 'TIMEOUT' : 'UNREACHABLE', err.message);
  }
  if (!res.ok && !/searchRetrieveResponse/.test(text)) throw new SruError('HTTP', String(res.status));
  const parsed = parseSearchResponse(text);
  if (!parsed.records.length) throw new SruError('NO_RECORDS', cql);
  return { ...parsed, url };
}
