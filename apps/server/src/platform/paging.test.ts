import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.ts';
import { routeRegistry } from './route.ts';

/** Spec §7/§9: every list endpoint takes Page/Rows/SearchKey and answers {List, Total}. Checked for all of them. */
function isListRoute(r: (typeof routeRegistry)[number]): boolean {
  const shape = (r.schema as any)?.shape;
  // Export endpoints take the same query but start a background task instead of answering a page.
  return r.method === 'POST' && !!shape?.Page && !!shape?.Rows && !/\/Export\w*$/.test(r.url);
}

describe('paging of every list endpoint', () => {
  const t = useTestApp();

  it('finds the list endpoints', () => {
    expect(routeRegistry.filter(isListRoute).length).toBeGreaterThan(0);
  });

  it('answers {List, Total} within Rows, pages without overlap, and refuses Rows above the maximum', async () => {
    const problems: string[] = [];
    for (const r of routeRegistry.filter(isListRoute)) {
      const one = await t.post(r.url, { Page: 1, Rows: 1 });
      const needsContext =
        one.json?.errorCode === 'VALIDATION' &&
        one.json.issues?.every((i: any) => !/^(Page|Rows|SearchKey)$/.test(i.path));
      if (needsContext) continue; // a sub-list (e.g. the users of one role): it needs its parent's id
      if (!one.json?.success) {
        problems.push(`${r.url}: ${one.status} ${JSON.stringify(one.json).slice(0, 200)}`);
        continue;
      }
      const { List, Total } = one.json.data;
      if (!Array.isArray(List) || typeof Total !== 'number' || List.length > 1 || Total < List.length) {
        problems.push(`${r.url}: bad shape ${JSON.stringify(one.json.data).slice(0, 200)}`);
        continue;
      }
      if (Total >= 2) {
        const two = await t.post(r.url, { Page: 2, Rows: 1 });
        if (JSON.stringify(two.json.data.List[0]) === JSON.stringify(List[0]))
          problems.push(`${r.url}: page 2 repeats page 1`);
        const all = await t.post(r.url, { Page: 1, Rows: Math.min(Total, 500) });
        if (all.json.data.List.length !== Math.min(Total, 500))
          problems.push(`${r.url}: Total ${Total} but listed ${all.json.data.List.length}`);
      }
      const tooMany = await t.post(r.url, { Page: 1, Rows: 100_000 });
      if (tooMany.json.success !== false || tooMany.json.errorCode !== 'VALIDATION')
        problems.push(`${r.url}: Rows 100000 accepted`);
    }
    expect(problems).toEqual([]);
  });
});
