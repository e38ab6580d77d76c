import type { BookListDto, EntryDto } from '@shuyuan/contracts/booklists/booklist';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { recommendation } from '../reservations/reservation.table.ts';
import { bookList } from './booklists.table.ts';
import { entriesOf, STAFF_COPY } from './entries.service.ts';

type ListRow = typeof bookList.$inferSelect;

/** A list's values from the form: the target grades must be the school's. */
export async function listValues(ctx: Ctx<any>, db: Db, input: Record<string, any>) {
  const { id: _id, entries: _e, ...v } = input;
  const gradeIds = [...new Set(v.gradeIds as number[])];
  if (gradeIds.length) {
    const found = await db
      .select({ id: grade.id })
      .from(grade)
      .where(ctx.scope.where(grade, inArray(grade.id, gradeIds)));
    if (found.length !== gradeIds.length) throw invalid([{ path: 'gradeIds', message: ctx.t('booklists.badGrades') }]);
  }
  return { ...v, gradeIds, updatedAt: new Date() };
}

/** Lists as the screens show them, with their entries and each entry's availability (copies counted by `copyCond`). */
export async function listDtos(db: Db, scope: Scope, rows: ListRow[], copyCond = STAFF_COPY): Promise<BookListDto[]> {
  const entries = await entriesOf(
    db,
    scope,
    rows.map((r) => r.id),
    copyCond,
  );
  const gradeIds = [...new Set(rows.flatMap((r) => r.gradeIds))];
  const grades = gradeIds.length
    ? await db
        .select({ id: grade.id, name: grade.name })
        .from(grade)
        .where(scope.where(grade, inArray(grade.id, gradeIds)))
    : [];
  const gradeName = new Map(grades.map((g) => [g.id, g.name]));
  return rows.map((r) => {
    const list: EntryDto[] = entries.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      theme: r.theme,
      gradeIds: r.gradeIds,
      gradeNames: r.gradeIds.map((g) => gradeName.get(g)).filter((n): n is string => !!n),
      published: r.published,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      entryCount: list.length,
      heldCount: list.filter((e) => e.held).length,
      entries: list,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function listOf(db: Db, scope: Scope, id: number): Promise<ListRow> {
  const [row] = await db
    .select()
    .from(bookList)
    .where(scope.where(bookList, eq(bookList.id, id)));
  if (!row) throw notFound();
  return row;
}

/** The caller's grade (through their class), or null. */
async function gradeOf(db: Db, userId: number): Promise<number | null> {
  const [u] = await db
    .select({ gradeId: schoolClass.gradeId })
    .from(appUser)
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .where(eq(appUser.id, userId));
  return u?.gradeId ?? null;
}

/**
 * Published lists: every one (the public site), or those for the reader `userId` — lists for every grade and
 * those targeting the reader's grade. Newest first, 100 at most.
 */
export async function publishedLists(db: Db, scope: Scope, forUser?: number) {
  const conds = [eq(bookList.published, true)];
  if (forUser !== undefined) {
    const g = await gradeOf(db, forUser);
    conds.push(
      g === null
        ? sql`${bookList.gradeIds} = '[]'::jsonb`
        : sql`(${bookList.gradeIds} = '[]'::jsonb or ${bookList.gradeIds} @> ${JSON.stringify([g])}::jsonb)`,
    );
  }
  return db
    .select()
    .from(bookList)
    .where(scope.where(bookList, and(...conds)))
    .orderBy(desc(bookList.publishedAt), desc(bookList.id))
    .limit(100);
}

/**
 * Adds the list's entries the school does not hold to the purchase suggestions (the wish list, /recommendation),
 * once each: a title already suggested (same ISBN, else same title and author; cancelled ones aside) is skipped.
 */
export async function addMissingToWishList(ctx: Ctx<any>, db: Db, id: number) {
  const list = await listOf(db, ctx.scope, id);
  // Pressed twice at once: the second waits for the first and then finds its suggestions.
  await db.execute(sql`select id from ${bookList} where id = ${list.id} for update`);
  const entries = (await entriesOf(db, ctx.scope, [list.id])).get(list.id) ?? [];
  const missing = entries.filter((e) => !e.held);
  const existing = await db
    .select({ isbn: recommendation.isbn, title: recommendation.title, author: recommendation.author })
    .from(recommendation)
    .where(ctx.scope.where(recommendation, sql`${recommendation.state} <> 'cancelled'`));
  const key = (e: { isbn: string; title: string; author: string }) =>
    e.isbn ? `i:${e.isbn.replace(/[-\s]/g, '').toUpperCase()}` : `t:${e.title.trim()}|${e.author.trim()}`;
  const seen = new Set(existing.map(key));
  const values = [];
  for (const e of missing) {
    const k = key(e);
    if (seen.has(k)) continue;
    seen.add(k);
    values.push(
      ctx.scope.values({
        readerId: null,
        title: e.title,
        author: e.author,
        isbn: e.isbn.replace(/[-\s]/g, '').toUpperCase(),
        publisher: e.publisher,
        reason: ctx.t('booklists.wishReason', { name: list.name }),
      }),
    );
  }
  if (values.length) await db.insert(recommendation).values(values);
  return { added: values.length, missing: missing.length };
}
