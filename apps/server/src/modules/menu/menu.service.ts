import { asc, eq } from 'drizzle-orm';
import type { MenuRow, UserMenu, UserMenus } from '@shuyuan/contracts/menu/menu-types';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { menu, schoolMenuOff } from './menu.table.ts';

type Row = typeof menu.$inferSelect;

export function toMenuRow(r: Row): MenuRow {
  return {
    id: r.id,
    parentId: r.parentId,
    code: r.code,
    MenuName: r.menuName,
    MenuEnName: r.menuEnName,
    url: r.url,
    icon: r.icon,
    sort: r.sort,
    hidden: r.hidden,
    functions: r.functions,
    state: r.state,
    builtIn: r.builtIn,
    edited: r.edited,
    children: [],
  };
}

/** Builds the tree from flat rows, children sorted by sort then id; orphans (parent gone) become roots. */
export function buildTree(rows: Row[]): MenuRow[] {
  const nodes = new Map(rows.map((r) => [r.id, toMenuRow(r)]));
  const roots: MenuRow[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId != null ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const order = (list: MenuRow[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const n of list) order(n.children);
  };
  order(roots);
  return roots;
}

export async function allMenuRows(db: Db): Promise<Row[]> {
  return db.select().from(menu).orderBy(asc(menu.sort), asc(menu.id));
}

/** Ids of the menus the school is not authorised for. */
export async function disabledMenuIds(db: Db, scope: Scope): Promise<Set<number>> {
  const rows = await db.select({ id: schoolMenuOff.menuId }).from(schoolMenuOff).where(scope.where(schoolMenuOff));
  return new Set(rows.map((r) => r.id));
}

/** The tree of menus in use and authorised for the school (a disabled menu takes its subtree with it). */
export async function schoolMenuTree(db: Db, scope: Scope): Promise<MenuRow[]> {
  const [rows, off] = await Promise.all([allMenuRows(db), disabledMenuIds(db, scope)]);
  const prune = (list: MenuRow[]): MenuRow[] =>
    list.filter((n) => n.state === 1 && !off.has(n.id)).map((n) => ({ ...n, children: prune(n.children) }));
  return prune(buildTree(rows));
}

/**
 * The caller's menus in the current school: a menu shows when its code is granted ('*' = all) or one of
 * its descendants is; groups without a visible child are dropped. Operations are the granted
 * `<menu>:<verb>` codes of visible menus ('*' = every function of every visible menu).
 */
export async function userMenus(db: Db, scope: Scope, permissions: Set<string>): Promise<UserMenus> {
  const tree = await schoolMenuTree(db, scope);
  const all = permissions.has('*');
  const operations: string[] = [];
  const visit = (list: MenuRow[]): UserMenu[] => {
    const out: UserMenu[] = [];
    for (const n of list) {
      const children = visit(n.children);
      const granted = all || permissions.has(n.code);
      if (!(granted && n.url) && children.length === 0) continue;
      if (granted) {
        for (const f of n.functions) if (all || permissions.has(f.code)) operations.push(f.code);
      }
      const { id, code, MenuName, MenuEnName, url, icon, sort, hidden } = n;
      out.push({ id, code, MenuName, MenuEnName, url, icon, sort, hidden, children });
    }
    return out;
  };
  const menus = visit(tree);
  return { menus, operations };
}

export async function menuById(db: Db, id: number): Promise<Row | undefined> {
  const [r] = await db.select().from(menu).where(eq(menu.id, id)).limit(1);
  return r;
}

export async function menuByCode(db: Db, code: string): Promise<Row | undefined> {
  const [r] = await db.select().from(menu).where(eq(menu.code, code)).limit(1);
  return r;
}
