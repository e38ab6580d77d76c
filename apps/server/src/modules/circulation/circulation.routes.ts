import { BarcodeBody, BorrowBody, ReaderBarcodeBody, UserBorrowingQuery } from '@shuyuan/contracts/circulation/loan';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { route } from '../../platform/route.ts';
import { borrowItem, renewLoan, returnItem } from './circulation.service.ts';
import { deskRoutes } from './desk.routes.ts';
import { readerHolds } from './holds.service.ts';
import { borrowLimit, openLoans, readerInfo } from './reader.service.ts';

/** Permission codes from the menu tree: screen code, and `<code>:<verb>` for the desk's operations. */
const BORROW = 'surrency.borrow';
const RETURN = 'return';
const RENEW = 'renew';

export function circulationRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Circulation/LiteratureCirc`,
    access: `${BORROW}:borrow`,
    schema: BorrowBody,
    audit: 'circ.borrow',
    keepsCallers: true,
    handler: ({ db, scope, body, user, audit }) =>
      borrowItem(db, scope, {
        readerBarcode: body.readerBarcode,
        barcode: body.barcode,
        operatorId: user?.userId ?? null,
        via: 'desk',
        verify: { token: body.verifyToken },
        audit,
      }),
  });
  route(app, {
    url: `${P}/Circulation/LiteratureReturn`,
    access: `${RETURN}:return`,
    schema: BarcodeBody,
    audit: 'circ.return',
    keepsCallers: true,
    handler: ({ db, scope, body, user, audit }) =>
      returnItem(db, scope, { ...body, operatorId: user?.userId ?? null, audit }),
  });
  route(app, {
    url: `${P}/Circulation/RenewLoan`,
    access: `${RENEW}:renew`,
    schema: BarcodeBody,
    audit: 'circ.renew',
    keepsCallers: true,
    handler: ({ db, scope, body, user, audit }) =>
      renewLoan(db, scope, { ...body, operatorId: user?.userId ?? null, audit }),
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
