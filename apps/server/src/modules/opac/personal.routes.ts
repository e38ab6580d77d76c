import { PageQuery } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import {
  KioskCardBody,
  MyHistoryExport,
  MyHistoryQuery,
  MyProfileBody,
  RenewMineBody,
  ReserveMineBody,
  TimelineQuery,
} from '@shuyuan/contracts/opac/personal';
import { IdBody } from '@shuyuan/contracts/common/envelope';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BizError, fail } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { sendSheet } from '../holdings/xlsx.ts';
import { assertOpen } from './visibility.ts';
import { kioskCard, readingRecord } from './record.service.ts';
import { appUser } from '../auth/user.table.ts';
import { withinPace } from '../auth/rate-limit.ts';
import { listLoans } from '../circ-records/records.query.ts';
import { openLoansOf } from '../circulation/reader.service.ts';
import { placeReservation } from '../reservations/reservations.service.ts';
import { publicRecord } from './detail.service.ts';
import { publicView } from './search.service.ts';
import {
  cancelMine,
  myBill,
  myChildren,
  myReservations,
  mySuggestions,
  readerInView,
  renewAllMine,
  renewMine,
  timeline,
} from './personal.service.ts';

const O = `${P}/Opac`;

/**
 * Card look-ups per kiosk (school and address) and minute: a person scans a few cards, a script many. Counted in
 * `rate_count`, so a kiosk whose calls several server processes answer gets the same pace.
 */
const KIOSK_PER_MINUTE = 30;
/**
 * The personal area (issue 11 §2). Access 'school': any signed-in member of the school; every handler acts on
 * the caller (`user.userId`) and never takes a reader from the request — a parent names a child only where
 * the link is checked (`readerInView`). Listed for the privacy test: P/Opac/*, readingRecord/line,
 * PersonalBill/GetUserInfoAndBalance.
 */
export function personalRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${O}/MyLoans`,
    access: 'school',
    schema: PageQuery,
    summary: "The caller's current loans with due dates and overdue days",
    handler: ({ db, scope, user, body }) => openLoansOf(db, scope, user!.userId, body),
  });

  route(app, {
    url: `${O}/Renew`,
    access: 'school',
    schema: RenewMineBody,
    audit: 'opac.renew',
    keepsCallers: true,
    summary: "Renews one of the caller's loans under the school's rules (refusals say why)",
    handler: (ctx) => renewMine(ctx, ctx.body.loanId),
  });

  route(app, {
    url: `${O}/RenewAll`,
    access: 'school',
    audit: 'opac.renewAll',
    keepsCallers: true,
    summary: "Renews every loan of the caller; each answer has the new due date or the refusal's reason",
    handler: (ctx) => renewAllMine(ctx),
  });

  route(app, {
    url: `${O}/MyHistory`,
    access: 'school',
    schema: MyHistoryQuery,
    summary: "The caller's loan history (newest first), optionally by borrowing date",
    handler: async ({ db, scope, user, body }) => {
      const page = await listLoans(db, scope, { userIds: [user!.userId], from: body.from, to: body.to }, body);
      return {
        Total: page.Total,
        List: page.List.map((l) => ({
          id: l.id,
          recordId: l.recordId,
          barcode: l.barcode,
          title: l.title,
          author: l.author,
          borrowedAt: l.borrowedAt,
          dueDate: l.dueDate,
          returnedAt: l.returnedAt,
          renewals: l.renewals,
          state: l.state,
          overdueDays: l.overdueDays,
        })),
      };
    },
  });

  route(app, {
    url: `${O}/ExportMyHistory`,
    access: 'school',
    schema: MyHistoryExport,
    raw: true,
    summary: "The caller's whole loan history as an xlsx sheet (optionally by borrowing date)",
    handler: async ({ db, scope, user, body, reply, t }) => {
      const rows: (string | number | null)[][] = [];
      const f = { userIds: [user!.userId], from: body.from, to: body.to };
      for (let Page = 1; ; Page++) {
        const page = await listLoans(db, scope, f, { Page, Rows: 1000 });
        for (const l of page.List)
          rows.push([
            l.title,
            l.author,
            l.barcode,
            l.borrowedAt.slice(0, 10),
            l.dueDate,
            l.returnedAt?.slice(0, 10) ?? '',
            l.renewals,
            l.overdueDays,
          ]);
        if (page.List.length < 1000) break;
      }
      const head = ['title', 'author', 'barcode', 'borrowedAt', 'dueDate', 'returnedAt', 'renewals', 'overdueDays'];
      return sendSheet(
        reply,
        t('opac.history.file'),
        head.map((k) => t(`opac.history.${k}`)),
        rows,
      );
    },
  });

  route(app, {
    url: `${O}/MyReadingRecord`,
    access: 'school',
    summary:
      "The caller's reading record (loans, returns on time and late, by year): /user/integral until points exist",
    handler: ({ db, scope, user }) => readingRecord(db, scope, user!.userId),
  });

  route(app, {
    url: `${O}/KioskCard`,
    access: 'publicSchool',
    schema: KioskCardBody,
    summary: "A reader's card scanned at a kiosk: masked name, loans with due dates, holds — device tokens only",
    handler: async ({ db, scope, req, body }) => {
      // Only a kiosk signed in with its own client credentials, for its own school (platform/route.ts), and at
      // a reader's pace: a card number alone opens nothing on the public site or to another school's device.
      if (req.deviceSchoolId !== scope.schoolId) throw new BizError('FORBIDDEN', 'opac.kioskOnly', undefined, 403);
      if (!(await withinPace(db, `kiosk|${scope.schoolId}:${req.ip}`, KIOSK_PER_MINUTE)))
        throw fail('KIOSK_BUSY', 'opac.kioskBusy');
      await assertOpen(db, scope);
      return kioskCard(db, scope, body.cardNo);
    },
  });

  route(app, {
    url: `${O}/MyReservations`,
    access: 'school',
    summary: "The caller's reservations with queue place and pickup date",
    handler: ({ db, scope, user }) => myReservations(db, scope, user!.userId),
  });

  route(app, {
    url: `${O}/Reserve`,
    access: 'school',
    schema: ReserveMineBody,
    audit: 'opac.reserve',
    summary: 'Reserves a title for the caller (ready at once when a copy is on the shelf)',
    handler: async ({ db, scope, user, body }) => {
      // Only what the public site shows can be reserved from it (hidden copies' titles are not found).
      await publicRecord(db, await publicView(db, scope), body.recordId);
      return placeReservation(db, scope, {
        readerBarcode: user!.account,
        recordId: body.recordId,
        anyCopy: false,
        operatorId: user!.userId,
      });
    },
  });

  route(app, {
    url: `${O}/CancelReservation`,
    access: 'school',
    schema: IdBody,
    audit: 'opac.cancelReservation',
    summary: "Cancels one of the caller's reservations",
    handler: ({ db, scope, user, body }) => cancelMine(db, scope, user!.userId, body.id),
  });

  route(app, {
    url: `${O}/MySuggestions`,
    access: 'school',
    schema: PageQuery,
    summary: "The caller's purchase suggestions (made with P/Circulation/AddRecommendation) and their state",
    handler: ({ db, scope, user, body }) => mySuggestions(db, scope, user!.userId, body),
  });

  route(app, {
    url: `${O}/MyChildren`,
    access: 'school',
    summary: 'The children linked to the calling parent (their loans: P/Circulation/GetKinBorrowing)',
    handler: ({ db, scope, user }) => myChildren(db, scope, user!.userId),
  });

  route(app, {
    url: `${O}/UpdateMyProfile`,
    access: 'school',
    schema: MyProfileBody,
    audit: 'opac.profile',
    summary: "The caller's e-mail for reminders",
    handler: async ({ db, scope, user, body }) => {
      await db
        .update(appUser)
        .set({ email: body.email || null, updatedAt: new Date() })
        .where(scope.where(appUser, eq(appUser.id, user!.userId)));
      return { email: body.email };
    },
  });

  route(app, {
    method: 'GET',
    url: '/micro/bank/api/platform/PersonalBill/GetUserInfoAndBalance',
    access: 'school',
    summary: "The caller's deposit and compensation orders",
    handler: ({ db, scope, user }) => myBill(db, scope, user!.userId),
  });

  route(app, {
    method: 'GET',
    url: '/micro/basic/open/readingRecord/line',
    access: 'school',
    schema: TimelineQuery,
    summary: "Reading timeline by month: the caller's, or a linked child's for a parent",
    handler: async ({ db, scope, user, body }) =>
      timeline(db, scope, await readerInView(db, scope, user!.userId, body.childId)),
  });
}
