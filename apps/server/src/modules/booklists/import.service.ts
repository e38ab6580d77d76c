import {
  ENTRY_COLUMNS,
  type EntryColumn,
  EntryFields,
  type EntryInput,
  type ImportResult,
  MAX_ENTRIES,
} from '@shuyuan/contracts/booklists/booklist';
import { isValidIsbn, normalizeIsbn } from '@shuyuan/contracts/marc/isbn';
import { eq, sql } from 'drizzle-orm';
import { fail } from '../../platform/errors.ts';
import { ownBadFile } from '../../platform/files/sheet.ts';
import { readSheet } from '../../platform/files/sheet-thread.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import type { Ctx } from '../../platform/route.ts';
import { bookList, bookListEntry } from './booklists.table.ts';
import { listOf } from './booklists.service.ts';
import { entryRows, nextSort } from './entries.service.ts';

/** Header texts that name each column: the key, and its zh and en labels. */
function headerColumn(h: string): EntryColumn | null {
  const v = h.trim().toLowerCase();
  if (!v) return null;
  for (const c of ENTRY_COLUMNS) {
    const names = [c, translate('zh', `booklists.col.${c}`), translate('en', `booklists.col.${c}`)];
    if (names.some((n) => n.toLowerCase() === v)) return c;
  }
  return null;
}

/**
 * Adds the rows of an xlsx (a header row naming the columns ISBN, title, author, publisher, reading level, note) to
 * list `id`. Each bad row is reported with its reason and left out; the good ones are added in one transaction after
 * the list's entries. A row needs a title or an ISBN; an ISBN must be valid; an ISBN the school holds links the record.
 */
export async function importEntries(ctx: Ctx<any>, abs: string, id: number): Promise<ImportResult> {
  const rows = (await readSheet(abs).catch(ownBadFile('booklists.import.badFile', 'IMPORT_FILE'))).filter((r) =>
    r.cells.some(Boolean),
  );
  if (!rows.length) throw fail('IMPORT_FILE', 'booklists.import.empty');
  const head = rows[0].cells.map(headerColumn);
  if (!head.includes('title') && !head.includes('isbn'))
    throw fail('IMPORT_FILE', 'booklists.import.noHeader', {
      headers: `${ctx.t('booklists.col.isbn')}, ${ctx.t('booklists.col.title')}`,
    });
  const errors: ImportResult['errors'] = [];
  const good: EntryInput[] = [];
  const seen = new Set<string>();
  for (const r of rows.slice(1)) {
    const raw: Record<string, string> = {};
    head.forEach((c, i) => {
      if (c && r.cells[i]) raw[c] = r.cells[i];
    });
    const bad = (key: string, p?: Record<string, unknown>) => errors.push({ rowNo: r.rowNo, reason: ctx.t(key, p) });
    if (raw.isbn && !isValidIsbn(raw.isbn)) {
      bad('booklists.import.badIsbn', { isbn: raw.isbn });
      continue;
    }
    const isbn = raw.isbn ? normalizeIsbn(raw.isbn) : '';
    if (!isbn && !raw.title) {
      bad('booklists.import.noTitle');
      continue;
    }
    const parsed = EntryFields.safeParse({ ...raw, isbn });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      bad('booklists.import.badCell', {
        column: ctx.t(`booklists.col.${String(issue.path[0])}`),
        reason: ctx.t(issue.message),
      });
      continue;
    }
    const k = isbn ? `i:${isbn}` : `t:${raw.title}|${raw.author ?? ''}`;
    if (seen.has(k)) {
      bad('booklists.import.dupInFile');
      continue;
    }
    seen.add(k);
    good.push(parsed.data);
  }
  return ctx.db.transaction(async (tx) => {
    const list = await listOf(tx, ctx.scope, id);
    // Two imports into one list at once: one after the other (the sort positions and the cap stay right).
    await tx.execute(sql`select id from ${bookList} where id = ${list.id} for update`);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bookListEntry)
      .where(ctx.scope.where(bookListEntry, eq(bookListEntry.listId, list.id)));
    if (n + good.length > MAX_ENTRIES) throw fail('TOO_MANY', 'booklists.tooManyEntries');
    const values = await entryRows(tx, ctx.scope, good, ctx.t);
    const start = await nextSort(tx, ctx.scope, list.id);
    if (values.length)
      await tx
        .insert(bookListEntry)
        .values(values.map((v, i) => ctx.scope.values({ ...v, listId: list.id, sort: start + i })));
    return { added: values.length, linked: values.filter((v) => v.recordId).length, errors };
  });
}
