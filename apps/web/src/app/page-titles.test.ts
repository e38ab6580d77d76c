import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageDef } from './pages.ts';

const found = import.meta.glob<{ pages: PageDef[] }>('../modules/*/pages.ts', { eager: true });
const outside = import.meta.glob<{ outsidePages: PageDef[] }>('../modules/*/outside-pages.ts', { eager: true });
const inLayout = Object.values(found).flatMap((m) => m.pages);
const outsideLayout = Object.values(outside).flatMap((m) => m.outsidePages);
const pages = [...inLayout, ...outsideLayout];

const i18nDir = path.join(import.meta.dirname, '../i18n');
function text(lang: string, key: string): unknown {
  const [domain, ...rest] = key.split('.');
  const file = path.join(i18nDir, lang, `${domain}.json`);
  if (!fs.existsSync(file)) return undefined;
  return rest.reduce<any>((o, k) => o?.[k], JSON.parse(fs.readFileSync(file, 'utf8')));
}

describe('page tables', () => {
  it('lists pages of the staff layout in pages.ts and the others in outside-pages.ts', () => {
    expect(inLayout.filter((p) => (p.layout ?? 'main') !== 'main').map((p) => p.path)).toEqual([]);
    expect(outsideLayout.filter((p) => (p.layout ?? 'main') === 'main').map((p) => p.path)).toEqual([]);
    expect(outsideLayout.map((p) => p.path)).toEqual(expect.arrayContaining(['/auth', '/404', '/search']));
  });
});

describe('page titles', () => {
  it('every page has a title key with a zh and an en text, so no tab shows a raw path', () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const p of pages) {
      expect(p.titleKey, p.path).toBeTruthy();
      for (const lang of ['zh', 'en']) expect(typeof text(lang, p.titleKey!), `${p.path} ${lang}`).toBe('string');
    }
  });

  it('no route is declared twice (the router would keep one, the other module would never show)', () => {
    const paths = pages.map((p) => p.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
