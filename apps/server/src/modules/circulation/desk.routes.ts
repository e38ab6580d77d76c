import {
  AllBorrowingQuery,
  BatchBorrowBody,
  BatchReturnBody,
  CheckVerifyBody,
  DeferBody,
  DeferralRecordQuery,
  DeferredItemQuery,
} from '@shuyuan/contracts/circulation/desk';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { allBorrowing } from './all-loans.service.ts';
import { readListFile, uploadedFile } from './batch-file.ts';
import { type BorrowLine, batchBorrow, batchReturn } from './batch.service.ts';
import { deferralRecords, deferredItems, deferReturn } from './deferral.service.ts';
import { limitRate } from '../auth/rate-limit.ts';
import { checkVerify, needVerify } from './verify.service.ts';

/** The desk's extra commands: verification, batch borrow/return, deferred return, every open loan. */
export function deskRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/config/isneedverify`,
    access: 'surrency.borrow',
    summary: 'Whether readers verify (password) before the desk lends (setting circ.borrowVerify)',
    handler: async ({ db, scope }) => ({ needVerify: await needVerify(db, scope) }),
  });
  route(app, {
    url: `${P}/readers/checkverify`,
    access: 'surrency.borrow:borrow',
    schema: CheckVerifyBody,
    summary: "Checks the reader's password; the token goes with LiteratureCirc for 30 minutes",
    handler: async ({ db, scope, body, req, reply }) => {
      await limitRate(
        db,
        'verify',
        { address: req.ip, account: `reader:${scope.schoolId}:${body.readerBarcode}` },
        reply,
      );
      return checkVerify(db, scope, body);
    },
  });

  route(app, {
    url: `${P}/Circulation/batchcirc`,
    access: 'batchborrow:borrow',
    schema: BatchBorrowBody,
    audit: 'circ.batchBorrow',
    keepsCallers: true,
    handler: async ({ db, scope, body, user, schoolId, t, auditDetail }) => {
      let lines: BorrowLine[];
      if (body.fileUrl) {
        const rows = await readListFile(uploadedFile(app, schoolId, body.fileUrl));
        // One column + a reader chosen on the screen: a list of copies; otherwise reader | copy per line.
        lines = rows.map(([a = '', b = ''], i) =>
          body.readerBarcode && !b
            ? { line: i + 1, readerBarcode: a ? body.readerBarcode : '', barcode: a }
            : { line: i + 1, readerBarcode: a, barcode: b },
        );
        if (!lines.some((l) => l.barcode || l.readerBarcode)) throw fail('FILE_EMPTY', 'circ.batch.fileEmpty');
      } else if (body.items?.length) {
        lines = body.items.map((x, i) => ({ line: i + 1, ...x }));
      } else {
        lines = (body.barcodes ?? []).map((barcode, i) => ({
          line: i + 1,
          readerBarcode: barcode ? (body.readerBarcode ?? '') : '',
          barcode,
        }));
      }
      const answer = await batchBorrow(db, scope, lines, user?.userId ?? null, t);
      Object.assign(auditDetail, { total: answer.total, succeeded: answer.succeeded, failed: answer.failed });
      return answer;
    },
  });
  route(app, {
    url: `${P}/Circulation/batchreturn`,
    access: 'batchreturn:return',
    schema: BatchReturnBody,
    audit: 'circ.batchReturn',
    keepsCallers: true,
    handler: async ({ db, scope, body, user, schoolId, t, auditDetail }) => {
      let barcodes = body.barcodes ?? [];
      if (body.fileUrl) {
        barcodes = (await readListFile(uploadedFile(app, schoolId, body.fileUrl))).map(([a = '']) => a);
        if (!barcodes.some(Boolean)) throw fail('FILE_EMPTY', 'circ.batch.fileEmpty');
      }
      const lines = barcodes.map((barcode, i) => ({ line: i + 1, barcode }));
      const answer = await batchReturn(db, scope, lines, user?.userId ?? null, t);
      Object.assign(auditDetail, { total: answer.total, succeeded: answer.succeeded, failed: answer.failed });
      return answer;
    },
  });

  route(app, {
    url: `${P}/Circulation/GetDeferredItem`,
    access: 'deferred-return',
    schema: DeferredItemQuery,
    handler: ({ db, scope, body }) => deferredItems(db, scope, body),
  });
  route(app, {
    url: `${P}/Circulation/DeferredReturn`,
    access: 'deferred-return:handle',
    schema: DeferBody,
    audit: 'circ.defer',
    keepsCallers: true,
    handler: ({ db, scope, body, user }) => deferReturn(db, scope, body, user?.userId ?? null),
  });
  route(app, {
    url: `${P}/Circulation/GetDeferralRecords`,
    access: 'deferred-return',
    schema: DeferralRecordQuery,
    handler: ({ db, scope, body }) => deferralRecords(db, scope, body),
  });
  // The renew screen finds a reader's (or a copy's) open loans with its own permission.
  route(app, {
    url: `${P}/Circulation/GetRenewItems`,
    access: 'renew',
    schema: DeferredItemQuery,
    handler: ({ db, scope, body }) => deferredItems(db, scope, body),
  });
  route(app, {
    url: `${P}/Circulation/GetAllBorrowing`,
    access: 'surrency.borrow',
    schema: AllBorrowingQuery,
    handler: ({ db, scope, body }) => allBorrowing(db, scope, body),
  });
}
