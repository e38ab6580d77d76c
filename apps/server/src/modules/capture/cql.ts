/**
 * A CQL (Contextual Query Language, SRU 1.2 / 2.0) parser: search clauses `index relation term` or a bare term,
 * parentheses, `and` / `or` / `not` / `prox` read left to right with equal precedence, relation and boolean
 * modifiers, prefix assignments and `sortby`. The tree is checked by its user (what is supported is the server's
 * choice); syntax errors are CqlErrors carrying the SRU diagnostic number 10 (query syntax error).
 */

export interface CqlModifier {
  name: string;
  comparitor?: string;
  value?: string;
}

export type CqlNode =
  | { type: 'clause'; index: string; relation: string; modifiers: CqlModifier[]; term: string }
  | { type: 'bool'; op: 'and' | 'or' | 'not' | 'prox'; modifiers: CqlModifier[]; left: CqlNode; right: CqlNode };

export interface CqlQuery {
  root: CqlNode;
  sortBy: string[];
}

export class CqlError extends Error {
  constructor(
    readonly diagnostic: number,
    message: string,
  ) {
    super(message);
  }
}

type Token = { kind: 'word' | 'quoted' | 'sym'; value: string };

const SYMBOLS = ['>=', '<=', '<>', '==', '(', ')', '=', '<', '>', '/'];

function tokenize(q: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"') {
      let v = '';
      i++;
      for (;;) {
        if (i >= q.length) throw new CqlError(10, 'unterminated quoted term');
        const d = q[i++];
        if (d === '"') break;
        if (d === '\\' && i < q.length) {
          const e = q[i++];
          // \" and \\ are the escapes; others (\*, \?, \^) keep their backslash (masking characters).
          v += e === '"' || e === '\\' ? e : `\\${e}`;
        } else v += d;
      }
      out.push({ kind: 'quoted', value: v });
      continue;
    }
    const sym = SYMBOLS.find((s) => q.startsWith(s, i));
    if (sym) {
      out.push({ kind: 'sym', value: sym });
      i += sym.length;
      continue;
    }
    let v = '';
    while (i < q.length && !/[\s()=<>"/]/.test(q[i])) v += q[i++];
    out.push({ kind: 'word', value: v });
  }
  return out;
}

const BOOLEANS = new Set(['and', 'or', 'not', 'prox']);
const COMPARITORS = new Set(['=', '>', '<', '>=', '<=', '<>', '==']);

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }
  private next(): Token {
    const t = this.tokens[this.pos++];
    if (!t) throw new CqlError(10, 'unexpected end of query');
    return t;
  }
  private isSym(v: string, offset = 0) {
    const t = this.peek(offset);
    return t?.kind === 'sym' && t.value === v;
  }
  private isBool(offset = 0) {
    const t = this.peek(offset);
    return t?.kind === 'word' && BOOLEANS.has(t.value.toLowerCase());
  }
  private isSortBy() {
    const t = this.peek();
    return t?.kind === 'word' && t.value.toLowerCase() === 'sortby';
  }
  get done() {
    return this.pos >= this.tokens.length;
  }

  /** cqlQuery ::= prefixAssignment cqlQuery | scopedClause */
  query(): CqlNode {
    while (this.isSym('>')) this.prefix();
    let left = this.clause();
    while (this.isBool()) {
      const op = this.next().value.toLowerCase() as 'and' | 'or' | 'not' | 'prox';
      const modifiers = this.modifiers();
      const right = this.clause();
      left = { type: 'bool', op, modifiers, left, right };
    }
    return left;
  }

  /** prefixAssignment ::= '>' prefix '=' uri | '>' uri (prefixes are accepted and not used) */
  private prefix() {
    this.next();
    const t = this.next();
    if (this.isSym('=')) {
      this.next();
      this.term();
    } else if (t.kind === 'sym') throw new CqlError(10, 'bad prefix assignment');
  }

  private term(): string {
    const t = this.next();
    if (t.kind === 'sym') throw new CqlError(10, `expected a term, found "${t.value}"`);
    return t.value;
  }

  /** searchClause ::= '(' cqlQuery ')' | index relation modifiers term | term */
  private clause(): CqlNode {
    if (this.isSym('(')) {
      this.next();
      const inner = this.query();
      if (!this.isSym(')')) throw new CqlError(10, 'missing closing parenthesis');
      this.next();
      return inner;
    }
    const first = this.next();
    if (first.kind === 'sym') throw new CqlError(10, `unexpected "${first.value}"`);
    const rel = this.relation();
    if (rel === null)
      return { type: 'clause', index: 'cql.serverChoice', relation: '=', modifiers: [], term: first.value };
    if (first.kind === 'quoted') throw new CqlError(10, 'an index name cannot be quoted');
    const modifiers = this.modifiers();
    return { type: 'clause', index: first.value, relation: rel, modifiers, term: this.term() };
  }

  /** A comparitor symbol, or a named one (a word followed by a term), or null when a bare term stands alone. */
  private relation(): string | null {
    const t = this.peek();
    if (!t) return null;
    if (t.kind === 'sym' && COMPARITORS.has(t.value)) {
      this.next();
      return t.value;
    }
    // index namedRelation term: a word that is neither a boolean nor sortby, and something follows it.
    if (t.kind === 'word' && !BOOLEANS.has(t.value.toLowerCase()) && t.value.toLowerCase() !== 'sortby') {
      const after = this.peek(1);
      if (after && !(after.kind === 'sym' && after.value === ')') && !this.isBool(1)) {
        this.next();
        return t.value.toLowerCase();
      }
      throw new CqlError(10, `unexpected "${t.value}"`);
    }
    return null;
  }

  /** modifierList ::= ('/' name [comparitor value])* */
  private modifiers(): CqlModifier[] {
    const out: CqlModifier[] = [];
    while (this.isSym('/')) {
      this.next();
      const name = this.term();
      const m: CqlModifier = { name };
      const t = this.peek();
      if (t?.kind === 'sym' && COMPARITORS.has(t.value)) {
        this.next();
        m.comparitor = t.value;
        m.value = this.term();
      }
      out.push(m);
    }
    return out;
  }

  /** sortby index[/modifiers] … */
  sortBy(): string[] {
    if (!this.isSortBy()) return [];
    this.next();
    const keys: string[] = [];
    while (!this.done) {
      keys.push(this.term());
      this.modifiers();
    }
    if (!keys.length) throw new CqlError(10, 'sortby without a key');
    return keys;
  }
}

export function parseCql(q: string): CqlQuery {
  const p = new Parser(tokenize(q));
  if (p.done) throw new CqlError(10, 'empty query');
  const root = p.query();
  const sortBy = p.sortBy();
  if (!p.done) throw new CqlError(10, 'unexpected text after the query');
  return { root, sortBy };
}
