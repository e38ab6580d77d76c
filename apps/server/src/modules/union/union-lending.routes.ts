import { P } from '@shuyuan/contracts/common/paths';
import {
  UNION_BORROW,
  UNION_BORROWLEND,
  UNION_BRRECORD,
  UNION_RETURN,
  UnionBalanceQuery,
  UnionDeskLendBody,
  UnionDeskReaderBody,
  UnionDispatchBody,
  UnionLoanIdBody,
  UnionLoanRuleBody,
  UnionRecordsQuery,
  UnionRefuseBody,
  UnionRequestBody,
  UnionReturnBody,
  UnionTasksQuery,
} from '@shuyuan/contracts/union/lending';
import { UNION_MANA, UnionIdBody } from '@shuyuan/contracts/union/union';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../platform/route.ts';
import { needAny } from '../catalogue/access.ts';
import { sendSheet } from '../holdings/xlsx.ts';
import * as s from './union-lending.service.ts';
import * as steps from './union-loan-steps.service.ts';
import { lendingBalance, lendingTasks, loanRecords } from './union-records.service.ts';

const U = `${P}/Union`;
const BORROW = `${UNION_BORROW}:borrow`;
const RETURN = `${UNION_RETURN}:return`;

/** Union lending: `/union/borrow`, `/union/return`, `/union/brrecord`, `/union/borrowlend` (README). */
export function unionLendingRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${U}/GetLoanRule`,
    access: UNION_MANA,
    schema: UnionIdBody,
    summary: "The union's lending rule (loans per reader, loan days)",
    handler: ({ db, scope, body }) => s.getLoanRule(db, scope, body.unionId),
  });
  route(app, {
    url: `${U}/SaveLoanRule`,
    access: `${UNION_MANA}:edit`,
    schema: UnionLoanRuleBody,
    audit: 'union.loanRule',
    summary: "Set the union's lending rule (creator or administrators)",
    handler: ({ db, scope, body }) => s.saveLoanRule(db, scope, body),
  });
  route(app, {
    url: `${U}/DeskReader`,
    access: UNION_BORROW,
    schema: UnionDeskReaderBody,
    summary: "A reader of another member school at the owner's desk: name, card number, union loans",
    handler: ({ db, scope, body }) => s.deskReader(db, scope, body),
  });
  route(app, {
    url: `${U}/DeskLend`,
    access: BORROW,
    schema: UnionDeskLendBody,
    audit: 'union.loan.desk',
    summary: "Lend a copy at the owner's desk to a reader of another member school",
    handler: ({ db, scope, body, user }) => s.deskLend(db, { scope, userId: user?.userId ?? null }, body),
  });
  route(app, {
    url: `${U}/RequestLoan`,
    access: BORROW,
    schema: UnionRequestBody,
    audit: 'union.loan.request',
    summary: "Ask a lending member for a title for one of the school's readers",
    handler: ({ db, scope, body, user }) => s.requestLoan(db, { scope, userId: user?.userId ?? null }, body),
  });
  const step = (
    action: string,
    access: string,
    summary: string,
    run: (db: Db, actor: s.Actor, loanId: number) => Promise<unknown>,
  ) =>
    route(app, {
      url: `${U}/${action}`,
      access,
      schema: UnionLoanIdBody,
      audit: `union.loan.${action}`,
      summary,
      handler: ({ db, scope, body, user }) => run(db, { scope, userId: user?.userId ?? null }, body.loanId),
    });
  step('CancelRequest', BORROW, "The borrowing school withdraws its reader's request", (db, a, id) =>
    steps.cancelRequest(db, a, id),
  );
  step('Receive', BORROW, 'The borrowing school checks an arrived copy in to its hold shelf', (db, a, id) =>
    steps.receive(db, a, id),
  );
  step('LendHeld', BORROW, 'The borrowing school lends the copy on its hold shelf to its reader', (db, a, id) =>
    steps.lendHeld(db, a, id),
  );
  step('SendHome', RETURN, 'The borrowing school sends the copy home', (db, a, id) => steps.sendHome(db, a, id));
  step('ReceiveHome', RETURN, 'The owner receives its copy home', (db, a, id) => steps.receiveHome(db, a, id));
  route(app, {
    url: `${U}/RefuseRequest`,
    access: BORROW,
    schema: UnionRefuseBody,
    audit: 'union.loan.refuse',
    summary: 'The owner refuses a request',
    handler: ({ db, scope, body, user }) =>
      steps.refuseRequest(db, { scope, userId: user?.userId ?? null }, body.loanId, body.reason),
  });
  route(app, {
    url: `${U}/Dispatch`,
    access: BORROW,
    schema: UnionDispatchBody,
    audit: 'union.loan.dispatch',
    summary: 'The owner sends the scanned copy for a request (in transit)',
    handler: ({ db, scope, body, user }) =>
      steps.dispatch(db, { scope, userId: user?.userId ?? null }, body.loanId, body.barcode),
  });
  route(app, {
    url: `${U}/ReturnLoan`,
    access: RETURN,
    schema: UnionReturnBody,
    audit: 'union.loan.return',
    summary: "A union loan returned at either school, by the copy's barcode",
    handler: ({ db, scope, body, user }) => steps.returnLoan(db, { scope, userId: user?.userId ?? null }, body),
  });
  route(app, {
    url: `${U}/GetLendingTasks`,
    access: 'school',
    schema: UnionTasksQuery,
    summary: `What the school must act on in union lending (${UNION_BORROW} | ${UNION_RETURN})`,
    handler: ({ db, scope, body, user }) => {
      needAny(user, [UNION_BORROW, UNION_RETURN]);
      return lendingTasks(db, scope, body.unionId);
    },
  });
  route(app, {
    url: `${U}/GetLoanRecords`,
    access: UNION_BRRECORD,
    schema: UnionRecordsQuery,
    summary: "The school's union loans, lent and borrowed",
    handler: ({ db, scope, body }) => loanRecords(db, scope, body),
  });
  route(app, {
    url: `${U}/ExportLoanRecords`,
    access: `${UNION_BRRECORD}:export`,
    schema: UnionRecordsQuery,
    raw: true,
    audit: 'union.loan.export',
    summary: 'The union loan records of the filters as xlsx',
    handler: async ({ db, scope, body, t, reply }) => {
      const { List } = await loanRecords(db, scope, body, true);
      const cols = ['union', 'owner', 'borrower', 'title', 'barcode', 'reader', 'card', 'via', 'state'];
      const times = ['requestedAt', 'lentAt', 'dueDate', 'overdueDays', 'returnedAt', 'backAt'];
      const day = (v: string | null) => (v ? new Date(v).toISOString().replace('T', ' ').slice(0, 16) : '');
      return sendSheet(
        reply,
        t('union.lend.file'),
        [...cols, ...times].map((c) => t(`union.lend.col.${c}`)),
        List.map((r) => [
          r.unionName,
          r.ownerSchoolName,
          r.borrowerSchoolName,
          r.title,
          r.barcode,
          r.readerName,
          r.readerCard,
          t(`union.lend.via.${r.via}`),
          t(`union.lend.state.${r.state}`),
          day(r.requestedAt),
          day(r.lentAt),
          r.dueDate,
          r.overdueDays || '',
          day(r.returnedAt),
          day(r.backAt),
        ]),
      );
    },
  });
  route(app, {
    url: `${U}/GetLendingBalance`,
    access: UNION_BORROWLEND,
    schema: UnionBalanceQuery,
    summary: 'Union loans by lending × borrowing school in a period, and each school’s balance',
    handler: ({ db, scope, body }) => lendingBalance(db, scope, body),
  });
  route(app, {
    url: `${U}/ExportLendingBalance`,
    access: `${UNION_BORROWLEND}:export`,
    schema: UnionBalanceQuery,
    raw: true,
    audit: 'union.loan.exportBalance',
    summary: 'The lending balance as xlsx',
    handler: async ({ db, scope, body, t, reply }) => {
      const b = await lendingBalance(db, scope, body);
      return sendSheet(
        reply,
        t('union.lend.balanceFile'),
        ['owner', 'borrower', 'loans', 'open', 'overdue'].map((c) => t(`union.lend.col.${c}`)),
        b.rows.map((r) => [r.ownerSchoolName, r.borrowerSchoolName, r.loans, r.open, r.overdue]),
      );
    },
  });
}
