/**
 * A small incremental XML tokenizer: enough XML for MARCXML (elements, attributes, text, CDATA,
 * comments, processing instructions, a DOCTYPE without an internal subset, the five predefined entities
 * and character references). No dependency: a SAX library would bring in more than we use, and this one
 * works on chunks so a large upload never has to be one string.
 */
export interface XmlHandler {
  open(name: string, attrs: Record<string, string>, offset: number): void;
  close(name: string, offset: number): void;
  text(text: string): void;
  /** false while text would be thrown away (whitespace between elements): saves slicing and decoding it */
  readonly wantText: boolean;
}

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_, e: string) => {
    if (e[0] !== '#') return NAMED[e];
    const cp = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\uFFFD';
  });
}

/** Index just after `s` found from `from`, or -1 while it has not arrived yet. */
function until(b: string, s: string, from: number): number {
  const i = b.indexOf(s, from);
  return i < 0 ? -1 : i + s.length;
}

/** name="value" / name='value' pairs after the element name (a hand scan: a global regex is slower here). */
function parseAttrs(body: string, from: number, at: number): Record<string, string> {
  const attrs: Record<string, string> = {};
  let i = from;
  for (;;) {
    const eq = body.indexOf('=', i);
    if (eq < 0) return attrs;
    const name = body.slice(i, eq).trim();
    let q = eq + 1;
    while (body[q] === ' ' || body[q] === '\t' || body[q] === '\n' || body[q] === '\r') q++;
    const quote = body[q];
    if (quote !== '"' && quote !== "'") throw new XmlSyntaxError(`attribute ${name} without quotes`, at);
    const end = body.indexOf(quote, q + 1);
    if (end < 0) throw new XmlSyntaxError(`attribute ${name} not closed`, at);
    attrs[local(name)] = decodeEntities(body.slice(q + 1, end));
    i = end + 1;
  }
}
/** Element names without their namespace prefix: MARCXML arrives as `record`, `marc:record`, `ns0:record`. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

export class XmlTokenizer {
  private buf = '';
  private base = 0; // document offset of buf[0]
  constructor(private readonly h: XmlHandler) {}

  push(chunk: string): void {
    this.buf += chunk;
    this.run(false);
  }

  end(): void {
    this.run(true);
    if (this.buf.trim()) throw new XmlSyntaxError('document ends inside markup', this.base);
  }

  private run(final: boolean): void {
    const b = this.buf;
    let pos = 0;
    for (;;) {
      const lt = b.indexOf('<', pos);
      if (lt < 0) {
        if (final && pos < b.length && this.h.wantText) this.h.text(decodeEntities(b.slice(pos)));
        if (final) pos = b.length;
        break;
      }
      if (lt > pos && this.h.wantText) this.h.text(decodeEntities(b.slice(pos, lt)));
      pos = lt;
      const next = this.markup(b, lt);
      if (next < 0) break; // incomplete: wait for the next chunk
      pos = next;
    }
    this.base += pos;
    this.buf = b.slice(pos);
  }

  /** Handles the markup starting at `lt`; returns the index after it, or -1 when it is not complete yet. */
  private markup(b: string, lt: number): number {
    const at = this.base + lt;
    if (b.startsWith('<!--', lt)) return until(b, '-->', lt + 4);
    if (b.startsWith('<![CDATA[', lt)) {
      const e = b.indexOf(']]>', lt + 9);
      if (e < 0) return -1;
      this.h.text(b.slice(lt + 9, e));
      return e + 3;
    }
    if (b.startsWith('<?', lt)) return until(b, '?>', lt + 2);
    if (b.startsWith('<!', lt)) {
      if (b.length < lt + 9) return -1;
      if (b.indexOf('[', lt) >= 0 && b.indexOf('[', lt) < b.indexOf('>', lt)) return until(b, ']>', lt);
      return until(b, '>', lt);
    }
    // Find the closing '>' outside quoted attribute values.
    let quote = 0;
    let i = lt + 1;
    for (; i < b.length; i++) {
      const c = b.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 0x22 || c === 0x27) quote = c;
      else if (c === 0x3e) break;
      else if (c === 0x3c) throw new XmlSyntaxError('"<" inside a tag', this.base + i);
    }
    if (i >= b.length) return -1;
    const inner = b.slice(lt + 1, i);
    if (inner[0] === '/') {
      this.h.close(local(inner.slice(1).trim()), at);
      return i + 1;
    }
    const selfClosing = inner.endsWith('/');
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const m = /^[^\s/>]+/.exec(body);
    if (!m) throw new XmlSyntaxError('tag without a name', at);
    const attrs = parseAttrs(body, m[0].length, at);
    const name = local(m[0]);
    this.h.open(name, attrs, at);
    if (selfClosing) this.h.close(name, at);
    return i + 1;
  }
}
