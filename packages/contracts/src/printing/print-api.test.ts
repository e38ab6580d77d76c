import { describe, expect, it } from 'vitest';
import { build } from '../menu/menu-build.ts';
import { collectionGroups } from '../menu/groups-collection.ts';
import type { MenuNode } from '../menu/menu-types.ts';
import { PRINT_SCREENS, PrintRequest, TemplateSave } from './print-api.ts';

function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describe('print contracts', () => {
  it('every printing screen of the menu (and /print) can print, with a print operation', () => {
    const all = flatten(build(collectionGroups));
    const printing = flatten(all.find((n) => n.code === 'group.printing')?.children ?? []).filter(
      (n) => n.children.length === 0,
    );
    const screens = [...printing, all.find((n) => n.url === '/print')!];
    expect(screens.length).toBe(13);
    for (const s of screens) {
      expect(Object.keys(PRINT_SCREENS)).toContain(s.code);
      expect(s.functions.map((f) => f.code)).toContain(`${s.code}:print`);
    }
  });

  it('refuses a page range that ends before it starts and a template without print items', () => {
    const base = { screen: 'barcodeprint', templateId: 1, source: { type: 'copies', ids: [1] } };
    expect(PrintRequest.safeParse({ ...base, startPage: 2, endPage: 3 }).success).toBe(true);
    const bad = PrintRequest.safeParse({ ...base, startPage: 3, endPage: 2 });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['endPage'], message: 'printing.job.dataInvalid' });
    const tpl = TemplateSave.safeParse({
      name: 'x',
      kind: 'spine',
      page: {},
      label: { width: 60, height: 30 },
      grid: { columns: 3, rows: 8 },
      margins: {},
      gaps: {},
      items: [],
    });
    expect(tpl.error?.issues.map((i) => i.message)).toEqual(['printing.template.itemsRequired']);
  });
});
