import { BatchPasswordBody } from '@shuyuan/contracts/holdings/access';
import { HoldingsCode as C } from '@shuyuan/contracts/holdings/bulk';
import { CallNumberQuery, DuplicateCheckBody, IsbnMarkBody, IsbnReportQuery } from '@shuyuan/contracts/holdings/lookup';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { callNumberSearch, duplicateCheck, isbnList, markIsbn } from './lookup.service.ts';
import { resetPasswords } from './password.service.ts';
import { sendSheet } from './xlsx.ts';

const fen = (v: number | null) => (v == null ? '' : (v / 100).toFixed(2));

/** Duplicate check, ISBN reporting, call number lookup, batch password reset (union cataloguing: modules/union). */
export function lookupRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Holdings/DuplicateCheck`,
    access: C.duplicate,
    schema: DuplicateCheckBody,
    summary: 'Which of the listed books (ISBN or title, author) the school already holds',
    handler: async ({ db, scope, body }) => {
      const List = await duplicateCheck(db, scope, body.lines);
      return { List, held: List.filter((r) => r.held).length, Total: List.length };
    },
  });
  route(app, {
    url: `${P}/Holdings/ExportDuplicateCheck`,
    access: `${C.duplicate}:export`,
    schema: DuplicateCheckBody,
    raw: true,
    audit: 'holdings.duplicate.export',
    handler: async ({ db, scope, body, t, reply }) => {
      const rows = await duplicateCheck(db, scope, body.lines);
      const cols = ['line', 'held', 'copies', 'titles'];
      return sendSheet(
        reply,
        t('holdings.duplicate.file'),
        cols.map((c) => t(`holdings.duplicate.col.${c}`)),
        rows.map((r) => [
          r.line,
          t(
            r.invalidIsbn
              ? 'holdings.duplicate.invalidIsbn'
              : r.held
                ? 'holdings.duplicate.yes'
                : 'holdings.duplicate.no',
          ),
          r.copies,
          r.records.map((x) => [x.title, x.author, x.isbn].filter(Boolean).join(' / ')).join('; '),
        ]),
      );
    },
  });

  route(app, {
    url: `${P}/Holdings/IsbnList`,
    access: C.isbn,
    schema: IsbnReportQuery,
    handler: ({ db, scope, body }) => isbnList(db, scope, body),
  });
  route(app, {
    url: `${P}/Holdings/IsbnMark`,
    access: `${C.isbn}:add`,
    schema: IsbnMarkBody,
    audit: 'holdings.isbn.mark',
    summary: 'Marks records as reported (or unmarks): selected ids or every record of a query',
    handler: async (ctx) => {
      const r = await markIsbn(ctx.db, ctx.scope, ctx.user, ctx.body);
      ctx.auditDetail.count = r.count;
      return r;
    },
  });
  route(app, {
    url: `${P}/Holdings/ExportIsbn`,
    access: `${C.isbn}:export`,
    schema: IsbnReportQuery,
    raw: true,
    audit: 'holdings.isbn.export',
    handler: async ({ db, scope, body, t, reply }) => {
      const data = await isbnList(db, scope, body, true);
      const cols = ['isbn', 'title', 'author', 'publisher', 'pubYear', 'price', 'classNo', 'copies', 'reported'];
      return sendSheet(
        reply,
        t('holdings.isbn.file'),
        cols.map((c) => t(`holdings.isbn.col.${c}`)),
        data.List.map((r) => [
          r.isbn,
          r.title,
          r.author,
          r.publisher,
          r.pubYear,
          fen(r.priceFen),
          r.classNo,
          r.copies,
          r.reportedAt ? r.reportedAt.toISOString().slice(0, 10) : '',
        ]),
      );
    },
  });

  route(app, {
    url: `${P}/Holdings/CallNumberSearch`,
    access: C.callNumber,
    schema: CallNumberQuery,
    handler: ({ db, scope, body }) => callNumberSearch(db, scope, body),
  });

  route(app, {
    url: `${P}/Holdings/ResetPasswords`,
    access: `${C.password}:reset`,
    schema: BatchPasswordBody,
    audit: 'holdings.passwordReset',
    summary: "Resets readers' passwords (classes and/or accounts) by a rule; answers the new passwords once",
    handler: async (ctx) => {
      const r = await resetPasswords(ctx.db, ctx.scope, ctx.body);
      ctx.auditDetail.rule = ctx.body.rule;
      ctx.auditDetail.count = r.count;
      ctx.auditDetail.accounts = r.List.slice(0, 200).map((x) => x.account);
      return r;
    },
  });
}
