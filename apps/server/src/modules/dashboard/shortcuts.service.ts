import type { HomeShortcut } from '@shuyuan/contracts/dashboard/dashboard';
import type { UserMenu } from '@shuyuan/contracts/menu/menu-types';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { userMenus } from '../menu/menu.service.ts';
import { homeShortcut } from './home-shortcut.table.ts';

/** Screens the user may open in this school, by code (a pinned menu whose grant was removed disappears). */
async function openable(db: Db, scope: Scope, user: Principal): Promise<Map<string, UserMenu>> {
  const { menus } = await userMenus(db, scope, user.permissions);
  const out = new Map<string, UserMenu>();
  const walk = (list: UserMenu[]) => {
    for (const m of list) {
      if (m.url) out.set(m.code, m);
      walk(m.children);
    }
  };
  walk(menus);
  return out;
}

const mine = (scope: Scope, user: Principal) => scope.where(homeShortcut, eq(homeShortcut.userId, user.userId));

export async function getShortcuts(db: Db, scope: Scope, user: Principal): Promise<HomeShortcut[]> {
  const rows = await db.select().from(homeShortcut).where(mine(scope, user)).orderBy(homeShortcut.sort);
  const menus = await openable(db, scope, user);
  return rows.flatMap((r) => {
    const m = menus.get(r.menuCode);
    return m
      ? [{ code: m.code, url: m.url, MenuName: m.MenuName, MenuEnName: m.MenuEnName, icon: m.icon, sort: r.sort }]
      : [];
  });
}

type Tr = (key: string) => string;

async function check(db: Db, scope: Scope, user: Principal, codes: string[], tr: Tr) {
  const menus = await openable(db, scope, user);
  const issues = codes.flatMap((c, i) =>
    menus.has(c) ? [] : [{ path: `codes.${i}`, message: tr('dashboard.badShortcut') }],
  );
  if (issues.length) throw invalid(issues);
}

/** Saves the pinned set: codes already pinned keep their place, new ones go to the end. */
export async function setShortcuts(db: Db, scope: Scope, user: Principal, codes: string[], tr: Tr) {
  const wanted = [...new Set(codes)];
  await check(db, scope, user, wanted, tr);
  const current = (await getShortcuts(db, scope, user)).map((s) => s.code);
  const order = [...current.filter((c) => wanted.includes(c)), ...wanted.filter((c) => !current.includes(c))];
  await write(db, scope, user, order);
  return getShortcuts(db, scope, user);
}

/** Reorders the pinned set (codes not pinned are ignored, pinned ones left out keep their relative order last). */
export async function sortShortcuts(db: Db, scope: Scope, user: Principal, codes: string[]) {
  const current = (await getShortcuts(db, scope, user)).map((s) => s.code);
  const first = [...new Set(codes)].filter((c) => current.includes(c));
  await write(db, scope, user, [...first, ...current.filter((c) => !first.includes(c))]);
  return getShortcuts(db, scope, user);
}

async function write(db: Db, scope: Scope, user: Principal, codes: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(homeShortcut).where(and(mine(scope, user)));
    if (codes.length) {
      await tx
        .insert(homeShortcut)
        .values(codes.map((menuCode, i) => scope.values({ userId: user.userId, menuCode, sort: i + 1 })));
    }
  });
}
