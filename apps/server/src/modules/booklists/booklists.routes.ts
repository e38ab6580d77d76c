import {
  BOOKLIST_CODE,
  BookListCreate,
  BookListQuery,
  BookListUpdate,
  ENTRY_COLUMNS,
  ImportEntriesBody,
  ListIdBody,
} from '@shuyuan/contracts/booklists/booklist';
import { PublishBody } from '@shuyuan/contracts/bulletin/bulletin';
import { PickQuery } from '@shuyuan/contracts/circ-records/records';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail, notFound } from '../../platform/errors.ts';
import { ownUpload } from '../../platform/files/files.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { pickRecords } from '../catalogue/pick-records.ts';
import { grade } from '../org/school-class.table.ts';
import { addMissingToWishList, listDtos, listOf, listValues } from './booklists.service.ts';
import { bookList } from './booklists.table.ts';
import { entriesOf, entryRows, saveEntries } from './entries.service.ts';
import { importEntries } from './import.service.ts';

const B = `${P}/BookLists`;

async function sendXlsx(reply: FastifyReply, wb: ExcelJS.Workbook, name: string) {
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`);
  return reply.send(buf);
}

/** /booklist: lists (CRUD with their entries), publishing, the xlsx import and export, adding the missing to the wish list. */
export function bookListRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'BookLists',
    entity: 'BookList',
    table: bookList,
    permission: BOOKLIST_CODE,
    audit: 'booklists.list',
    contracts: { create: BookListCreate, update: BookListUpdate, list: BookListQuery },
    search: [bookList.name, bookList.theme],
    filters: (q) => [q.published === undefined ? undefined : eq(bookList.published, q.published)],
    orderBy: [desc(bookList.updatedAt), desc(bookList.id)],
    toValues: async ({ ctx, db, input, existing }) => ({
      ...(await listValues(ctx, db, input as Record<string, any>)),
      ...(existing ? {} : { createdBy: ctx.user!.userId }),
    }),
    hooks: {
      afterSave: async ({ ctx, db, input, row }) =>
        saveEntries(db, ctx.scope, row.id, await entryRows(db, ctx.scope, (input as BookListCreate).entries, ctx.t)),
    },
    toDto: async (row, ctx) => (await listDtos(ctx.db, ctx.scope, [row]))[0],
  });

  route(app, {
    url: `${B}/PublishBookList`,
    access: opCode(BOOKLIST_CODE, 'publish'),
    schema: PublishBody,
    audit: 'booklists.list.publish',
    summary: 'Publish lists (the public site and the target grades’ personal areas show them), or take them back',
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.ids)];
      const where = ctx.scope.where(bookList, inArray(bookList.id, ids));
      const found = await ctx.db.select({ id: bookList.id }).from(bookList).where(where);
      if (found.length !== ids.length) throw notFound();
      ctx.auditDetail.ids = ids;
      ctx.auditDetail.published = ctx.body.published;
      await ctx.db
        .update(bookList)
        .set(
          ctx.body.published
            ? {
                published: true,
                publishedAt: sql`case when ${bookList.published} then ${bookList.publishedAt} else now() end`,
              }
            : { published: false },
        )
        .where(where);
      return { count: ids.length };
    },
  });

  route(app, {
    url: `${B}/ImportEntries`,
    access: opCode(BOOKLIST_CODE, 'edit'),
    schema: ImportEntriesBody,
    audit: 'booklists.list.import',
    summary: 'Adds the rows of an uploaded xlsx to a list; each bad row is reported with its reason and left out',
    handler: async (ctx) => {
      const abs = ownUpload(app, ctx.schoolId, ctx.body.fileUrl);
      if (!abs) throw fail('IMPORT_FILE', 'booklists.fileMissing');
      ctx.auditDetail.id = ctx.body.id;
      return importEntries(ctx, abs, ctx.body.id);
    },
  });

  route(app, {
    url: `${B}/GetImportTemplate`,
    access: BOOKLIST_CODE,
    raw: true,
    summary: 'The import template (xlsx, headers in the caller language)',
    handler: async ({ reply, t }) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('1');
      ws.columns = ENTRY_COLUMNS.map((k) => ({ header: t(`booklists.col.${k}`), key: k, width: 20 }));
      ws.getRow(1).font = { bold: true };
      return sendXlsx(reply, wb, t('booklists.template'));
    },
  });

  route(app, {
    url: `${B}/ExportEntries`,
    access: opCode(BOOKLIST_CODE, 'export'),
    schema: ListIdBody,
    raw: true,
    audit: 'booklists.list.export',
    summary: "A list's entries with their availability (xlsx)",
    handler: async ({ db, scope, body, reply, t }) => {
      const list = await listOf(db, scope, body.id);
      const entries = (await entriesOf(db, scope, [list.id])).get(list.id) ?? [];
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('1');
      const cols = [...ENTRY_COLUMNS, 'held', 'copies', 'available'] as const;
      ws.columns = cols.map((k) => ({ header: t(`booklists.col.${k}`), key: k, width: k === 'title' ? 36 : 16 }));
      ws.getRow(1).font = { bold: true };
      for (const e of entries) ws.addRow({ ...e, held: t(e.held ? 'booklists.yes' : 'booklists.no') });
      return sendXlsx(reply, wb, list.name);
    },
  });

  route(app, {
    url: `${B}/AddMissingToWishList`,
    access: opCode(BOOKLIST_CODE, 'edit'),
    schema: ListIdBody,
    audit: 'booklists.list.wish',
    summary: "Adds the list's titles the school does not hold to the purchase suggestions, once each",
    handler: (ctx) => ctx.db.transaction((tx) => addMissingToWishList(ctx, tx, ctx.body.id)),
  });

  route(app, {
    url: `${B}/PickRecords`,
    access: BOOKLIST_CODE,
    schema: PickQuery,
    summary: "Catalogue records whose title, author or ISBN contains the key (20 at most): the list's book picker",
    handler: ({ db, scope, body }) => pickRecords(db, scope, body.key),
  });

  route(app, {
    url: `${B}/GetGrades`,
    access: BOOKLIST_CODE,
    summary: 'The grades of the school (target grades of a list)',
    handler: ({ db, scope }) =>
      db
        .select({ id: grade.id, name: grade.name })
        .from(grade)
        .where(scope.where(grade))
        .orderBy(asc(grade.sort), asc(grade.id)),
  });
}
