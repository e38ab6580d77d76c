import { existsSync, readFileSync } from 'node:fs';
import { sharedPath } from '../../../../scripts/shared-data.ts';
import { describe, expect, it } from 'vitest';
import { isValidIsbn, isValidIsbn10, normalizeIsbn, parseIsbn, toIsbn10, toIsbn13 } from './isbn.ts';

const CORPUS = sharedPath('data/isbn/isbn-corpus.tsv');

describe('isbn', () => {
  it('normalises qualifiers and hyphens away', () => {
    expect(normalizeIsbn('0-471-38314-7 (pbk.) :')).toBe('0471383147');
    expect(normalizeIsbn('978-7-5601-2313-4')).toBe('9787560123134');
    expect(normalizeIsbn('7-80058-455-x')).toBe('780058455X');
  });

  it('validates check digits of both lengths and converts between them', () => {
    expect(isValidIsbn10('0471383147')).toBe(true);
    expect(isValidIsbn10('0471383148')).toBe(false);
    expect(isValidIsbn('9780471383147')).toBe(true);
    expect(isValidIsbn('9780471383148')).toBe(false);
    expect(isValidIsbn('9770471383147')).toBe(false); // not a book prefix
    expect(toIsbn13('0-471-38314-7')).toBe('9780471383147');
    expect(toIsbn10('9780471383147')).toBe('0471383147');
    expect(toIsbn10('9791090636071')).toBeNull();
    expect(toIsbn10('9787560123134')).toBe('7560123139');
  });

  it.skipIf(!existsSync(CORPUS))('agrees with every line of the ISBN corpus', () => {
    const lines = readFileSync(CORPUS, 'utf8').trim().split('\n').slice(1);
    expect(lines.length).toBeGreaterThan(1000);
    let valid = 0;
    for (const line of lines) {
      const [, candidate, verdict, isbn13h] = line.split('\t');
      const info = parseIsbn(candidate);
      expect(info.valid, candidate).toBe(verdict === 'valid');
      if (verdict === 'valid') {
        valid++;
        expect(info.isbn13, candidate).toBe(isbn13h.replace(/-/g, ''));
      }
    }
    expect(valid).toBeGreaterThan(1100);
  });
});
