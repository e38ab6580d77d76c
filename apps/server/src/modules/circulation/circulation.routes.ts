import { BarcodeBody, BorrowBody, ReaderBarcodeBody, UserBorrowingQuery } from '@shuyuan/contracts/circulation/loan';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { route } from '../../platform/route.ts';
import { borrowItem } from './borrow.service.ts';
import { renewLoan, returnItem } from './circulation.service.ts';
import { deskReader, panelIn, readerLoansAfter, readerLoansWithReturn } from './desk-panel.service.ts';
import { deskRoutes } from './desk.routes.ts';
import { readerHolds } from './holds.service.ts';
import { borrowLimit, openLoans, readerInfo } from './reader.service.ts';

/** Permission codes from the menu tree: screen code, and `<code>:<verb>` for the desk's operations. */
const BORROW = 'surrency.borrow';
const RETURN = 'return';
const RENEW = 'renew';

export function circulationRoutes(app: FastifyInstance): void {
  /*
   * The desk's commands, each twice: the §7 call answering the command alone, and the desk screens' one-request
   * scan (Desk*) answering with it everything the screen shows after it, read in the command's transaction.
   */
  const commands = [
    { url: 'LiteratureCirc', panel: undefined, summary: undefined },
    {
      url: 'DeskBorrow',
      panel: panelIn,
      summary: 'LiteratureCirc answering the reader panel as it is after the loan (panel: limit, loans, holds)',
    },
  ] as const;
  for (const c of commands) {
    route(app, {
      url: `${P}/Circulation/${c.url}`,
      access: `${BORROW}:borrow`,
      schema: BorrowBody,
      audit: 'circ.borrow',
      keepsCallers: true,
      // Database work only: the callers' read goes with the loan's first statement (one round trip less).
      callersWithFirst: true,
      summary: c.summary,
      handler: async ({ db, scope, body, user, audit, auditInsert, auditDetail }) => {
        // An override needs its own permission; its reason and what it set aside go to the operation log.
        if (body.override && !(user && hasPermission(user, `${BORROW}:override`))) throw forbidden();
        if (body.override) auditDetail.overrideReason = body.override.reason;
        const done = await borrowItem(db, scope, {
          readerBarcode: body.readerBarcode,
          barcode: body.barcode,
          operatorId: user?.userId ?? null,
          via: 'desk',
          verify: { token: body.verifyToken },
          override: !!body.override,
          audit: async (tx, overridden) => {
            if (body.override) auditDetail.overridden = overridden;
            return audit(tx);
          },
          log: (overridden) => {
            if (body.override) auditDetail.overridden = overridden;
            return auditInsert();
          },
          after: c.panel,
        });
        return done;
      },
    });
  }
  const byBarcode = [
    { url: 'LiteratureReturn', returns: true, access: `${RETURN}:return`, audit: 'circ.return', desk: false },
    { url: 'RenewLoan', returns: false, access: `${RENEW}:renew`, audit: 'circ.renew', desk: false },
    { url: 'DeskReturn', returns: true, access: `${RETURN}:return`, audit: 'circ.return', desk: true },
    { url: 'DeskRenew', returns: false, access: `${RENEW}:renew`, audit: 'circ.renew', desk: true },
  ];
  for (const c of byBarcode) {
    route(app, {
      url: `${P}/Circulation/${c.url}`,
      access: c.access,
      schema: BarcodeBody,
      audit: c.audit,
      keepsCallers: true,
      callersWithFirst: true,
      summary: c.desk ? "Answers with the reader's open loans as they are after it (panel.loans)" : undefined,
      handler: ({ db, scope, body, user, audit, auditInsert }) => {
        const input = { ...body, operatorId: user?.userId ?? null, audit, log: auditInsert };
        // The return reads the reader's other loans with its write (one statement), a renewal after it.
        if (c.returns) return returnItem(db, scope, { ...input, after: c.desk ? readerLoansWithReturn : undefined });
        return renewLoan(db, scope, { ...input, after: c.desk ? readerLoansAfter : undefined });
      },
    });
  }
  route(app, {
    url: `${P}/Circulation/DeskReader`,
    access: BORROW,
    schema: ReaderBarcodeBody,
    summary: 'The lending desk scans a card: the reader, their limits, open loans and holds on the hold shelf',
    handler: ({ db, scope, body }) => deskReader(db, scope, body.readerBarcode),
  });
  route(app, {
    url: `${P}/Circulation/GetUserBorrowing`,
    // The lending desk's reader panel, and the return desk's list of the reader's other loans.
    access: 'school',
    schema: UserBorrowingQuery,
    handler: ({ db, scope, body, user }) => {
      if (!user || ![BORROW, RETURN].some((c) => hasPermission(user, c))) throw forbidden();
      return openLoans(db, scope, body);
    },
  });
  route(app, {
    url: `${P}/Circulation/GetReaderHolds`,
    access: BORROW,
    schema: ReaderBarcodeBody,
    summary: "Copies waiting on the hold shelf for the reader (the desk's reader panel)",
    handler: ({ db, scope, body }) => readerHolds(db, scope, body.readerBarcode),
  });
  route(app, {
    url: `${P}/Circulation/GetUserBorrowLimitV2`,
    access: BORROW,
    schema: ReaderBarcodeBody,
    handler: ({ db, scope, body }) => borrowLimit(db, scope, body.readerBarcode),
  });
  route(app, {
    url: `${P}/Literature/GetCircUserInfoByBarCode`,
    access: BORROW,
    schema: ReaderBarcodeBody,
    handler: ({ db, scope, body }) => readerInfo(db, scope, body.readerBarcode),
  });
  deskRoutes(app);
}
