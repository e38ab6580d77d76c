import { eq } from 'drizzle-orm';
import { flattenMenu, menuTree } from '@shuyuan/contracts/menu/menu-tree';
import type { MenuNode } from '@shuyuan/contracts/menu/menu-types';
import type { Db } from '../../db/client.ts';
import { menu } from './menu.table.ts';

type Row = typeof menu.$inferSelect;

/** Where each built-in code sits in the tree, so edits can be compared with the built-in values. */
export const builtInByCode = new Map<string, { node: MenuNode; parentCode: string | null }>();
(function index(nodes: MenuNode[], parentCode: string | null) {
  for (const n of nodes) {
    builtInByCode.set(n.code, { node: n, parentCode });
    index(n.children, n.code);
  }
})(menuTree, null);

/** Row values a built-in node dictates, except the fields edited locally. */
function patchFor(row: Row, n: MenuNode, parentId: number | null): Partial<Row> {
  const keep = new Set(row.edited);
  const p: Partial<Row> = {};
  if (!keep.has('MenuName') && row.menuName !== n.MenuName) p.menuName = n.MenuName;
  if (!keep.has('MenuEnName') && row.menuEnName !== n.MenuEnName) p.menuEnName = n.MenuEnName;
  if (!keep.has('url') && row.url !== n.url) p.url = n.url;
  if (!keep.has('icon') && row.icon !== n.icon) p.icon = n.icon;
  if (!keep.has('sort') && row.sort !== n.sort) p.sort = n.sort;
  if (!keep.has('hidden') && row.hidden !== n.hidden) p.hidden = n.hidden;
  if (!keep.has('functions') && JSON.stringify(row.functions) !== JSON.stringify(n.functions))
    p.functions = n.functions;
  if (!keep.has('parentId') && row.parentId !== parentId) p.parentId = parentId;
  if (!row.builtIn) p.builtIn = true;
  if (row.state !== 1) p.state = 1;
  return p;
}

/**
 * Synchronises the `menu` table with the built-in tree (runs at every start): new codes are inserted,
 * changed ones updated except for locally edited fields, and built-in rows the tree no longer has are
 * switched off (state 0) rather than deleted, so school authorisations and role grants survive.
 */
export async function syncMenus(db: Db, tree: MenuNode[] = menuTree): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(menu);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const walk = async (nodes: MenuNode[], parentId: number | null): Promise<void> => {
      for (const n of nodes) {
        const row = byCode.get(n.code);
        let id: number;
        if (!row) {
          const [created] = await tx
            .insert(menu)
            .values({
              parentId,
              code: n.code,
              menuName: n.MenuName,
              menuEnName: n.MenuEnName,
              url: n.url,
              icon: n.icon,
              sort: n.sort,
              functions: n.functions,
              hidden: n.hidden,
              builtIn: true,
            })
            // Another server starting at the same moment may have inserted it already.
            .onConflictDoNothing()
            .returning({ id: menu.id });
          id = created?.id ?? (await tx.select({ id: menu.id }).from(menu).where(eq(menu.code, n.code)))[0].id;
          inserted++;
        } else {
          id = row.id;
          const patch = patchFor(row, n, parentId);
          if (Object.keys(patch).length) {
            await tx
              .update(menu)
              .set({ ...patch, updatedAt: new Date() })
              .where(eq(menu.id, id));
            updated++;
          }
        }
        await walk(n.children, id);
      }
    };
    await walk(tree, null);
    const codes = new Set(flattenMenu(tree).map((n) => n.code));
    for (const r of rows) {
      if (r.builtIn && r.state === 1 && !codes.has(r.code)) {
        await tx.update(menu).set({ state: 0, updatedAt: new Date() }).where(eq(menu.id, r.id));
        updated++;
      }
    }
  });
  return { inserted, updated };
}
