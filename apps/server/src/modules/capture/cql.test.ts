import { describe, expect, it } from 'vitest';
import { CqlError, parseCql } from './cql.ts';

const clause = (index: string, relation: string, term: string) => ({
  type: 'clause',
  index,
  relation,
  modifiers: [],
  term,
});

describe('CQL parser', () => {
  it('reads a bare term as cql.serverChoice =', () => {
    expect(parseCql('dinosaur').root).toEqual(clause('cql.serverChoice', '=', 'dinosaur'));
    expect(parseCql('"红楼 梦"').root).toEqual(clause('cql.serverChoice', '=', '红楼 梦'));
  });

  it('reads index, symbolic and named relations, quoted terms with escapes', () => {
    expect(parseCql('dc.title = "pride and prejudice"').root).toEqual(clause('dc.title', '=', 'pride and prejudice'));
    expect(parseCql('dc.creator any "austen bronte"').root).toEqual(clause('dc.creator', 'any', 'austen bronte'));
    expect(parseCql('bath.isbn==9787020002207').root).toEqual(clause('bath.isbn', '==', '9787020002207'));
    expect(parseCql('dc.title="say \\"hi\\""').root).toEqual(clause('dc.title', '=', 'say "hi"'));
    expect(parseCql('dc.date >= 2000').root).toEqual(clause('dc.date', '>=', '2000'));
  });

  it('joins booleans left to right with equal precedence, parentheses first', () => {
    const q = parseCql('a or b and c').root;
    expect(q).toMatchObject({ type: 'bool', op: 'and', left: { op: 'or' }, right: { term: 'c' } });
    const p = parseCql('a or (b and c)').root;
    expect(p).toMatchObject({ type: 'bool', op: 'or', left: { term: 'a' }, right: { op: 'and' } });
    const n = parseCql('dc.title=cat NOT dc.creator=smith').root;
    expect(n).toMatchObject({ op: 'not', left: { index: 'dc.title' }, right: { index: 'dc.creator', term: 'smith' } });
  });

  it('keeps relation and boolean modifiers, prefix assignments and sortby for the server to judge', () => {
    expect(parseCql('dc.title =/stem cat').root).toMatchObject({ modifiers: [{ name: 'stem' }] });
    expect(parseCql('a prox/unit=word b').root).toMatchObject({
      op: 'prox',
      modifiers: [{ name: 'unit', value: 'word' }],
    });
    expect(parseCql('> dc = "info:srw/cql-context-set/1/dc-v1.1" dc.title = cat').root).toEqual(
      clause('dc.title', '=', 'cat'),
    );
    expect(parseCql('cat sortby dc.date/sort.descending').sortBy).toEqual(['dc.date']);
  });

  it('refuses syntax errors with diagnostic 10', () => {
    for (const bad of ['', 'dc.title =', '(cat', 'cat dog', '"open', 'dc.title = cat)', '"dc.title" = x']) {
      const e = (() => {
        try {
          parseCql(bad);
        } catch (err) {
          return err;
        }
      })();
      expect(e, bad).toBeInstanceOf(CqlError);
      expect((e as CqlError).diagnostic).toBe(10);
    }
  });
});
