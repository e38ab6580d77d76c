import net from 'node:net';
import type { CaptureCharset, CaptureNegotiated } from '@shuyuan/contracts/capture/capture';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { decodeRecord } from '../marc/lib/iso2709-decode.ts';
import {
  type Ber,
  bool,
  CONTEXT,
  children,
  completeLength,
  cons,
  ctx,
  int,
  type Node,
  nul,
  octets,
  oid,
  readInt,
  readOctets,
  readOid,
  readOne,
  seq,
} from './ber.ts';
import { encodeGb18030 } from './gbk.ts';
import { SruError } from './sru-client.ts';
import { diagRec, diagText } from './z3950-diag.ts';
import { initRequest, offersUtf8, readInit, recordCharset, ref, type ZAuth } from './z3950-init.ts';

/**
 * A Z39.50 (ANSI/NISO Z39.50-2003) client: Init (sign-in, UTF-8 negotiation: z3950-init.ts), Search with a
 * type-1 (RPN) query in the Bib-1 attribute set,
 * Present of MARC records (USMARC or UNIMARC syntax), decoded by the marc lib's ISO 2709 reader, whose charset
 * choice (UTF-8, MARC-8, GB18030) is the importer's unless the target agreed to send UTF-8. One connection per
 * search. Failures are SruErrors with the same codes as the SRU client (UNREACHABLE, TIMEOUT, BAD_RESPONSE,
 * DIAGNOSTIC, NO_RECORDS), and REFUSED for an Init the target refused (sign-in).
 */

export const OID = {
  bib1: '1.2.840.10003.3.1',
  usmarc: '1.2.840.10003.5.10',
  unimarc: '1.2.840.10003.5.1',
  diagBib1: '1.2.840.10003.4.1',
} as const;

/** Bib-1 use attributes (type 1) we search by. */
export const USE = { author: 1003, title: 4, isbn: 7, any: 1016 } as const;

export type Rpn = { use: number; term: string } | { op: 'and' | 'or'; left: Rpn; right: Rpn };

export interface ZTarget {
  host: string;
  port: number;
  database: string;
  /** 'usmarc' (MARC21) or 'unimarc' (UNIMARC/CNMARC). */
  syntax: 'usmarc' | 'unimarc';
  /**
   * How records are decoded and terms sent: 'auto' / 'utf8' / 'marc8' send UTF-8 terms, 'gb18030' GBK ones.
   * 'auto' and 'utf8' also offer UTF-8 in the Init (charset negotiation).
   */
  charset: CaptureCharset;
  timeoutMs: number;
  /** Sign-in sent in the Init (idPass) when a user is given. */
  auth?: ZAuth;
}

/** "host:port" (the source's address) → host and port, or null. */
export function parseAddress(addr: string): { host: string; port: number } | null {
  const m = /^(?:z3950:\/\/|tcp:)?([A-Za-z0-9.-]+):(\d{1,5})\/?$/.exec(addr.trim());
  if (!m) return null;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: m[1], port } : null;
}

// ---- requests ----

function rpnStructure(q: Rpn, term: (s: string) => Buffer): Ber {
  if ('use' in q) {
    const attrs = cons(44, seq(int(120, 1), int(121, q.use)));
    return cons(0, cons(102, attrs, octets(45, term(q.term))));
  }
  const op = cons(46, nul(q.op === 'and' ? 0 : 1));
  return cons(1, rpnStructure(q.left, term), rpnStructure(q.right, term), op);
}

function searchRequest(id: number, t: ZTarget, q: Rpn): Ber {
  const term = (s: string) => (t.charset === 'gb18030' ? encodeGb18030(s) : Buffer.from(s, 'utf8'));
  return cons(
    22,
    ref(id),
    int(13, 0),
    int(14, 1),
    int(15, 0),
    bool(16, true),
    octets(17, 'default'),
    cons(18, octets(105, t.database)),
    oid(OID[t.syntax], 104),
    cons(21, cons(1, oid(OID.bib1), rpnStructure(q, term))),
  );
}

function presentRequest(id: number, t: ZTarget, start: number, count: number): Ber {
  return cons(
    24,
    ref(id),
    octets(31, 'default'),
    int(30, start),
    int(29, count),
    cons(19, octets(0, 'F')),
    oid(OID[t.syntax], 104),
  );
}

// ---- responses ----

interface Records {
  records: MarcRecord[];
  diagnostic?: string;
}

/** `Records` of a search or present response: MARC records decoded (in `charset`), or the diagnostic. */
function readRecords(parts: Node[], charset: CaptureCharset): Records {
  const nonSur = ctx(parts, 130);
  if (nonSur) return { records: [], diagnostic: diagText(nonSur.content) };
  const multi = ctx(parts, 205);
  if (multi) return { records: [], diagnostic: children(multi.content).map(diagRec).join('; ') };
  const list = ctx(parts, 28);
  const records: MarcRecord[] = [];
  const diags: string[] = [];
  for (const npr of list ? children(list.content) : []) {
    const rec = ctx(children(npr.content), 1);
    if (!rec) continue;
    const [choice] = children(rec.content);
    if (!choice) continue;
    if (choice.cls === CONTEXT && choice.tag === 2) {
      const [d] = children(choice.content);
      diags.push(d ? diagRec(d) : 'diagnostic');
      continue;
    }
    // retrievalRecord [1] EXTERNAL: tagged explicitly (an EXTERNAL inside) or implicitly (its content here).
    let ext = children(choice.content);
    const inner = ext.find((x) => x.cls === 0 && x.tag === 8);
    if (inner) ext = children(inner.content);
    const syntax = ext.find((x) => x.cls === 0 && x.tag === 6);
    const octet = ext.find((x) => x.cls === CONTEXT && x.tag === 1);
    if (!octet) {
      diags.push(`record in an unreadable encoding (${syntax ? readOid(syntax.content) : '?'})`);
      continue;
    }
    const bytes = readOctets(octet);
    const r = decodeRecord(bytes, records.length, 0, { charset });
    if (r.ok) records.push(r.record);
    else diags.push(`${r.code}: ${r.detail}`);
  }
  return { records, diagnostic: !records.length && diags.length ? diags.join('; ') : undefined };
}

// ---- connection ----

class Connection {
  private buf = Buffer.alloc(0);
  private waiting: ((pdu: Node) => void) | null = null;
  private failure: SruError | null = null;
  private onFail: ((e: SruError) => void) | null = null;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (d) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.deliver();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => this.fail(new SruError('UNREACHABLE', e.code ?? e.message)));
    socket.on('close', () => this.fail(new SruError('BAD_RESPONSE', 'connection closed by the server')));
  }

  private deliver() {
    if (!this.waiting) return;
    let n: number;
    try {
      n = completeLength(this.buf);
    } catch (e) {
      this.fail(new SruError('BAD_RESPONSE', (e as Error).message));
      return;
    }
    if (!n) return;
    const pdu = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    const w = this.waiting;
    this.waiting = null;
    this.onFail = null;
    try {
      w(readOne(pdu));
    } catch (e) {
      this.fail(new SruError('BAD_RESPONSE', (e as Error).message));
    }
  }

  fail(e: SruError) {
    this.failure ??= e;
    const f = this.onFail;
    this.onFail = null;
    this.waiting = null;
    f?.(this.failure);
  }

  /** Sends a request and waits for the next PDU. */
  request(pdu: Ber): Promise<Node> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.onFail = reject;
      this.socket.write(pdu);
      this.deliver();
    });
  }
}

function connect(t: ZTarget): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: t.host, port: t.port });
    s.once('connect', () => {
      s.removeAllListeners('error');
      resolve(s);
    });
    s.once('error', (e: NodeJS.ErrnoException) => reject(new SruError('UNREACHABLE', e.code ?? e.message)));
  });
}

function expect(pdu: Node, tag: number, what: string): Node[] {
  if (pdu.cls !== CONTEXT || pdu.tag !== tag) {
    if (pdu.cls === CONTEXT && pdu.tag === 48) throw new SruError('DIAGNOSTIC', 'the server closed the session');
    throw new SruError('BAD_RESPONSE', `expected ${what}, got tag ${pdu.tag}`);
  }
  return children(pdu.content);
}

export interface ZResult {
  total: number;
  records: MarcRecord[];
  /** The target's answer to our UTF-8 proposal (null: none offered, or it did not negotiate). */
  negotiated: CaptureNegotiated | null;
}

/**
 * Connects, initialises, searches and presents up to `max` records. No records → NO_RECORDS; a diagnostic
 * with no records → DIAGNOSTIC (its Bib-1 text).
 */
export async function zSearch(t: ZTarget, q: Rpn, max = 1): Promise<ZResult> {
  let socket: net.Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SruError('TIMEOUT', `${t.timeoutMs} ms`)), t.timeoutMs);
  });
  const run = async (): Promise<ZResult> => {
    socket = await connect(t);
    const c = new Connection(socket);
    const negotiate = offersUtf8(t.charset);
    const answer = await c.request(initRequest(1, { auth: t.auth, negotiate }));
    const init = readInit(expect(answer, 21, 'an init response'));
    if (!init.accepted) throw new SruError('REFUSED', init.refusal ?? '');
    const charset = recordCharset(t.charset, init.negotiated);
    const sr = expect(await c.request(searchRequest(2, t, q)), 23, 'a search response');
    const total = readInt(ctx(sr, 23)?.content ?? Buffer.from([0]));
    const found = readRecords(sr, charset);
    const ok = ctx(sr, 22);
    if ((ok && !ok.content[0]) || (!total && found.diagnostic)) {
      throw new SruError('DIAGNOSTIC', found.diagnostic ?? 'search failed');
    }
    if (total <= 0) throw new SruError('NO_RECORDS', '');
    const pr = expect(await c.request(presentRequest(3, t, 1, Math.min(max, total))), 25, 'a present response');
    const got = readRecords(pr, charset);
    if (!got.records.length) throw new SruError(got.diagnostic ? 'DIAGNOSTIC' : 'NO_RECORDS', got.diagnostic ?? '');
    return { total, records: got.records, negotiated: init.negotiated };
  };
  try {
    const p = run();
    p.catch(() => {}); // settled after a timeout: nobody waits for it any more
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
    socket?.destroy();
  }
}
