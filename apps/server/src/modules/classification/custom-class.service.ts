import type {
  CustomClassCreate,
  CustomClassNode,
  CustomClassUpdate,
} from '@shuyuan/contracts/classification/classification';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { clcClass } from './class.table.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;
const CUSTOM = eq(clcClass.scheme, 'custom');

/** The school's own classification as a tree, in the order the nodes were added. */
export async function customTree(db: Db, scope: Scope): Promise<CustomClassNode[]> {
  const rows = await db
    .select({
      id: clcClass.id,
      code: clcClass.code,
      name: clcClass.name,
      level: clcClass.level,
      parentCode: clcClass.parentCode,
    })
    .from(clcClass)
    .where(scope.where(clcClass, CUSTOM))
    .orderBy(asc(clcClass.sort), asc(clcClass.code));
  const byCode = new Map<string, CustomClassNode>(rows.map((r) => [r.code, { ...r }]));
  const roots: CustomClassNode[] = [];
  for (const n of byCode.values()) {
    const parent = n.parentCode ? byCode.get(n.parentCode) : undefined;
    if (!parent) roots.push(n);
    else {
      parent.children = parent.children ?? [];
      parent.children.push(n);
    }
  }
  return roots;
}

async function codeTaken(db: Db, scope: Scope, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: clcClass.id })
    .from(clcClass)
    .where(scope.where(clcClass, CUSTOM, eq(clcClass.code, code), exceptId ? ne(clcClass.id, exceptId) : undefined));
  return !!row;
}

const taken = (tr: Tr) => invalid([{ path: 'code', message: tr('classification.custom.codeTaken') }]);

/** Adds a node under `parentCode` (top level without); codes are unique in the school's scheme. */
export async function addCustomClass(db: Db, scope: Scope, input: CustomClassCreate, tr: Tr) {
  return db.transaction(async (tx) => {
    let level = 1;
    if (input.parentCode) {
      const [p] = await tx
        .select({ level: clcClass.level })
        .from(clcClass)
        .where(scope.where(clcClass, CUSTOM, eq(clcClass.code, input.parentCode)));
      if (!p) throw invalid([{ path: 'parentCode', message: tr('classification.custom.parentMissing') }]);
      level = p.level + 1;
    }
    if (await codeTaken(tx, scope, input.code)) throw taken(tr);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${clcClass.sort}), 0) + 1` })
      .from(clcClass)
      .where(scope.where(clcClass, CUSTOM));
    const [row] = await tx
      .insert(clcClass)
      .values(
        scope.values({
          scheme: 'custom',
          code: input.code,
          name: input.name,
          level,
          parentCode: input.parentCode || null,
          sort: Number(next),
        }),
      )
      .returning({ id: clcClass.id });
    return row;
  });
}

/** Renames a node or changes its code (its children follow the new code). */
export async function updateCustomClass(db: Db, scope: Scope, input: CustomClassUpdate, tr: Tr) {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(clcClass)
      .where(scope.where(clcClass, CUSTOM, eq(clcClass.id, input.id)));
    if (!old) throw notFound();
    if (input.code !== old.code) {
      if (await codeTaken(tx, scope, input.code, old.id)) throw taken(tr);
      await tx
        .update(clcClass)
        .set({ parentCode: input.code })
        .where(scope.where(clcClass, CUSTOM, eq(clcClass.parentCode, old.code)));
    }
    await tx
      .update(clcClass)
      .set({ code: input.code, name: input.name })
      .where(scope.where(clcClass, and(CUSTOM, eq(clcClass.id, old.id))));
    return { id: old.id };
  });
}

/** Deletes a node that has no children. */
export async function deleteCustomClass(db: Db, scope: Scope, id: number) {
  const [old] = await db
    .select()
    .from(clcClass)
    .where(scope.where(clcClass, CUSTOM, eq(clcClass.id, id)));
  if (!old) throw notFound();
  const [child] = await db
    .select({ id: clcClass.id })
    .from(clcClass)
    .where(scope.where(clcClass, CUSTOM, eq(clcClass.parentCode, old.code)))
    .limit(1);
  if (child) throw fail('IN_USE', 'classification.custom.hasChildren');
  await db.delete(clcClass).where(scope.where(clcClass, CUSTOM, eq(clcClass.id, id)));
  return { id };
}
