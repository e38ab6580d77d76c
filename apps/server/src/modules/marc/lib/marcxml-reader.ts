import type { Readable } from 'node:stream';
import type { MarcDataField, MarcReadResult, MarcRecord, MarcWarningCode } from '@shuyuan/contracts/marc/record';
import { type XmlHandler, XmlSyntaxError, XmlTokenizer } from './xml-tokenizer.ts';

const indicator = (v: string | undefined) => (v && v.length === 1 ? v : ' ');

/** Used when a MARCXML record has fields but no leader (seen in hand-made files); reported as a repair. */
const DEFAULT_LEADER = '00000nam a2200000   4500';

/**
 * Reads MARCXML `<record>` elements (inside a `<collection>` or alone, any namespace prefix) into records.
 * A record missing a tag or subfield code is rejected with XML_BAD_RECORD and reading goes on; XML that is
 * not well-formed stops the reader with one XML_MALFORMED result, since nothing after it can be trusted.
 */
export class MarcXmlParser implements XmlHandler {
  private readonly tok = new XmlTokenizer(this);
  private readonly stack: string[] = [];
  private out: MarcReadResult[] = [];
  private index = 0;
  private rec: MarcRecord | null = null;
  private recOffset = 0;
  private warnings: MarcWarningCode[] = [];
  private bad: string | null = null;
  private field: MarcDataField | null = null;
  /** which element's text is being collected, and its tag/code */
  private collecting: 'leader' | 'controlfield' | 'subfield' | null = null;
  private attr = '';
  private buffered = '';
  private failed = false;
  private strayReported = false;

  push(chunk: string): MarcReadResult[] {
    this.guard(() => this.tok.push(chunk));
    return this.take();
  }

  end(): MarcReadResult[] {
    this.guard(() => {
      this.tok.end();
      if (this.stack.length) throw new XmlSyntaxError(`<${this.stack.at(-1)}> is never closed`, this.recOffset);
    });
    return this.take();
  }

  private take(): MarcReadResult[] {
    const r = this.out;
    this.out = [];
    return r;
  }

  private guard(fn: () => void): void {
    if (this.failed) return;
    try {
      fn();
    } catch (e) {
      if (!(e instanceof XmlSyntaxError)) throw e;
      this.failed = true;
      this.out.push({ ok: false, index: this.index++, offset: e.offset, code: 'XML_MALFORMED', detail: e.message });
    }
  }

  open(name: string, attrs: Record<string, string>, offset: number): void {
    this.stack.push(name);
    if (name === 'record') {
      this.rec = { leader: '', fields: [] };
      this.recOffset = offset;
      this.warnings = [];
      this.bad = null;
      return;
    }
    const rec = this.rec;
    if (!rec) {
      if (['leader', 'controlfield', 'datafield', 'subfield'].includes(name) && !this.strayReported) {
        this.strayReported = true;
        this.out.push({
          ok: false,
          index: this.index++,
          offset,
          code: 'XML_BAD_RECORD',
          detail: `<${name}> outside a <record>`,
        });
      }
      return;
    }
    this.buffered = '';
    if (name === 'leader') this.collecting = 'leader';
    else if (name === 'controlfield') {
      if (!attrs.tag) this.bad ??= 'controlfield without a tag';
      this.collecting = 'controlfield';
      this.attr = attrs.tag ?? '';
    } else if (name === 'datafield') {
      if (!attrs.tag) this.bad ??= 'datafield without a tag';
      this.field = { tag: attrs.tag ?? '', ind1: indicator(attrs.ind1), ind2: indicator(attrs.ind2), subfields: [] };
      rec.fields.push(this.field);
    } else if (name === 'subfield') {
      if (attrs.code?.length !== 1) this.bad ??= `subfield without a one-character code in ${this.field?.tag}`;
      this.collecting = 'subfield';
      this.attr = attrs.code ?? '';
    }
  }

  get wantText(): boolean {
    return this.collecting !== null;
  }

  text(s: string): void {
    if (this.collecting) this.buffered += s;
  }

  close(name: string, offset: number): void {
    const open = this.stack.pop();
    if (open !== name) throw new XmlSyntaxError(`</${name}> closes <${open ?? 'nothing'}>`, offset);
    if (this.collecting === name && this.rec) {
      if (name === 'leader') this.rec.leader = this.buffered;
      else if (name === 'controlfield') this.rec.fields.push({ tag: this.attr, value: this.buffered });
      else this.field?.subfields.push({ code: this.attr, value: this.buffered });
      this.collecting = null;
    }
    if (name === 'datafield') this.field = null;
    if (name !== 'record' || !this.rec) return;
    const rec = this.rec;
    this.rec = null;
    if (!this.bad && !rec.leader && !rec.fields.length) this.bad = 'empty record';
    if (!this.bad && rec.leader.length !== 24) {
      rec.leader = rec.leader ? rec.leader.padEnd(24, ' ').slice(0, 24) : DEFAULT_LEADER;
      this.warnings.push('LEADER_REPAIRED');
    }
    const base = { index: this.index++, offset: this.recOffset };
    if (this.bad) this.out.push({ ok: false, ...base, code: 'XML_BAD_RECORD', detail: this.bad });
    else this.out.push({ ok: true, ...base, record: rec, warnings: this.warnings });
  }
}

export function* readMarcXml(xml: string | Buffer): Generator<MarcReadResult> {
  const p = new MarcXmlParser();
  const text = typeof xml === 'string' ? xml : xml.toString('utf8');
  // Fed in slices so records are handed out as they complete, not collected for the whole document.
  for (let i = 0; i < text.length; i += 65536) yield* p.push(text.slice(i, i + 65536));
  yield* p.end();
}

/** Streams a MARCXML file (UTF-8, as MARCXML practically always is). */
export async function* readMarcXmlStream(input: Readable): AsyncGenerator<MarcReadResult> {
  const p = new MarcXmlParser();
  const dec = new TextDecoder('utf-8');
  for await (const chunk of input) {
    yield* p.push(typeof chunk === 'string' ? chunk : dec.decode(chunk, { stream: true }));
  }
  yield* p.push(dec.decode());
  yield* p.end();
}
