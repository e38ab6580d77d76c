import { eq, inArray } from 'drizzle-orm';
import type { MenuCreate, MenuUpdate, SchoolMenuSet } from '@shuyuan/contracts/menu/menu-types';
import type { Db } from '../../db/client.ts';
import { duplicate, fail, notFound } from '../../platform/errors.ts';
import { Scope } from '../../platform/tenancy.ts';
import { school } from '../school/school.table.ts';
import { builtInByCode } from './menu-sync.ts';
import { allMenuRows, disabledMenuIds, menuByCode, menuById } from './menu.service.ts';
import { menu, schoolMenuOff } from './menu.table.ts';

type Row = typeof menu.$inferSelect;

async function checkParent(db: Db, parentId: number | null | undefined, selfId?: number): Promise<number | null> {
  if (parentId == null) return null;
  const rows = await allMenuRows(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (!byId.has(parentId)) throw notFound('menu.parentNotFound');
  // Refuse a cycle: the new parent may not be the menu itself or one of its descendants.
  for (let p: Row | undefined = byId.get(parentId); p; p = p.parentId != null ? byId.get(p.parentId) : undefined) {
    if (p.id === selfId) throw fail('MENU_CYCLE', 'menu.cycle');
  }
  return parentId;
}

/** Adds a custom menu (never touched by the start-up synchronisation; can be deleted). */
export async function addMenu(db: Db, body: MenuCreate): Promise<{ id: number }> {
  if (await menuByCode(db, body.code)) throw duplicate('code');
  const parentId = await checkParent(db, body.parentId);
  const [r] = await db
    .insert(menu)
    .values({
      parentId,
      code: body.code,
      menuName: body.MenuName,
      menuEnName: body.MenuEnName,
      url: body.url,
      icon: body.icon,
      sort: body.sort,
      hidden: body.hidden,
      functions: body.functions,
      builtIn: false,
    })
    .returning({ id: menu.id });
  return { id: r.id };
}

/**
 * Updates a menu. For a built-in menu, every field that now differs from the built-in tree is remembered
 * in `edited`, so the next start keeps it; setting a field back to the built-in value un-marks it.
 */
export async function updateMenu(db: Db, body: MenuUpdate): Promise<void> {
  const row = await menuById(db, body.id);
  if (!row) throw notFound();
  const parentId = body.parentId === undefined ? row.parentId : await checkParent(db, body.parentId, row.id);
  let edited: string[] = [];
  const builtIn = builtInByCode.get(row.code);
  if (row.builtIn && builtIn) {
    const n = builtIn.node;
    const parentCode = parentId == null ? null : ((await menuById(db, parentId))?.code ?? null);
    const diff: [string, boolean][] = [
      ['MenuName', body.MenuName !== n.MenuName],
      ['MenuEnName', body.MenuEnName !== n.MenuEnName],
      ['url', body.url !== n.url],
      ['icon', body.icon !== n.icon],
      ['sort', body.sort !== n.sort],
      ['hidden', body.hidden !== n.hidden],
      ['functions', JSON.stringify(body.functions) !== JSON.stringify(n.functions)],
      ['parentId', parentCode !== builtIn.parentCode],
    ];
    edited = diff.filter(([, d]) => d).map(([k]) => k);
  }
  await db
    .update(menu)
    .set({
      parentId,
      menuName: body.MenuName,
      menuEnName: body.MenuEnName,
      url: body.url,
      icon: body.icon,
      sort: body.sort,
      hidden: body.hidden,
      functions: body.functions,
      edited,
      updatedAt: new Date(),
    })
    .where(eq(menu.id, row.id));
}

/** Deletes a custom menu without children; built-in menus can only be hidden. */
export async function deleteMenu(db: Db, id: number): Promise<void> {
  const row = await menuById(db, id);
  if (!row) throw notFound();
  if (row.builtIn) throw fail('MENU_BUILT_IN', 'menu.builtInDelete');
  const [child] = await db.select({ id: menu.id }).from(menu).where(eq(menu.parentId, id)).limit(1);
  if (child) throw fail('MENU_HAS_CHILDREN', 'menu.hasChildren');
  await db.transaction(async (tx) => {
    await tx.delete(schoolMenuOff).where(eq(schoolMenuOff.menuId, id));
    await tx.delete(menu).where(eq(menu.id, id));
  });
}

async function checkSchool(db: Db, schoolId: number): Promise<void> {
  const [s] = await db.select({ id: school.id }).from(school).where(eq(school.id, schoolId)).limit(1);
  if (!s) throw notFound('menu.schoolNotFound');
}

export async function getSchoolMenuOff(db: Db, schoolId: number): Promise<{ disabledIds: number[] }> {
  await checkSchool(db, schoolId);
  return { disabledIds: [...(await disabledMenuIds(db, new Scope(schoolId)))].sort((a, b) => a - b) };
}

/** Replaces the set of menus the school is not authorised for. */
export async function setSchoolMenuOff(db: Db, body: SchoolMenuSet): Promise<void> {
  await checkSchool(db, body.schoolId);
  const scope = new Scope(body.schoolId);
  const ids = [...new Set(body.disabledIds)];
  if (ids.length) {
    const known = await db.select({ id: menu.id }).from(menu).where(inArray(menu.id, ids));
    if (known.length !== ids.length) throw notFound('menu.notFound');
  }
  await db.transaction(async (tx) => {
    await tx.delete(schoolMenuOff).where(scope.where(schoolMenuOff));
    if (ids.length) await tx.insert(schoolMenuOff).values(ids.map((menuId) => scope.values({ menuId })));
  });
}
