import { eq, or } from 'drizzle-orm';
import { fail, forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import type { Ctx } from '../../platform/route.ts';
import { classCorner } from './class-corner.table.ts';

export type Corner = typeof classCorner.$inferSelect;

/**
 * The corner `id` if the caller may act on it: staff holding the screen's permission (`code`) act on every
 * corner of the school; the corner's own class librarian acts on that corner without it.
 */
export async function cornerFor(ctx: Ctx<any>, id: number, code: string): Promise<Corner> {
  const [c] = await ctx.db
    .select()
    .from(classCorner)
    .where(ctx.scope.where(classCorner, eq(classCorner.id, id)))
    .limit(1);
  if (!c) throw fail('CORNER_NOT_FOUND', 'classCorner.corner.notFound');
  const user = ctx.user;
  if (!user) throw forbidden();
  if (hasPermission(user, code) || c.librarianId === user.userId) return c;
  throw forbidden();
}

/** Corners the caller may run: every active one with the permission, else those they are librarian of. */
export async function myCorners(ctx: Ctx<any>, code: string): Promise<Corner[]> {
  const user = ctx.user;
  if (!user) return [];
  const all = hasPermission(user, code);
  return ctx.db
    .select()
    .from(classCorner)
    .where(
      ctx.scope.where(
        classCorner,
        eq(classCorner.state, 1),
        all ? undefined : or(eq(classCorner.librarianId, user.userId)),
      ),
    )
    .orderBy(classCorner.name);
}
