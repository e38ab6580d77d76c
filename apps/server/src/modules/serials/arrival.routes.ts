import { P } from '@shuyuan/contracts/common/paths';
import {
  ARRIVAL_SCREENS,
  CheckInBody,
  ExpectedQuery,
  HandCheckInBody,
  IssueIdBody,
  IssueIdsBody,
  LateQuery,
  ScanCoverBody,
  TransferBody,
  TransferQuery,
} from '@shuyuan/contracts/serials/arrival';
import { SERIAL_KINDS, type SerialKind } from '@shuyuan/contracts/serials/pattern';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { sendSheet } from '../holdings/xlsx.ts';
import './arrival.messages.ts';
import { scanCover } from './arrival.scan.ts';
import { checkIn, handCheckIn, listIssues, undoCheckIn } from './arrival.service.ts';
import { transfer, transferList } from './arrival.transfer.ts';
import { claimIssues, claimSheet, lateIssues, markMissing } from './claims.service.ts';

/**
 * Arrival, claims and distribution, once per kind: `P/Serials/Magazine/…` behind /magazine and /magazine-rowto,
 * `P/Serials/Newspaper/…` behind /magazine-two and /magazine-rowto2. Check-in screens: view = the screen,
 * `:checkin` checks issues in, `:edit` claims / marks missing, `:delete` undoes a check-in. Distribution screens:
 * view = the screen, `:transfer` distributes.
 */
export function arrivalRoutes(app: FastifyInstance): void {
  for (const kind of SERIAL_KINDS) kindRoutes(app, kind);
}

function kindRoutes(app: FastifyInstance, kind: SerialKind): void {
  const { area, checkin: screen, transfer: rowto } = ARRIVAL_SCREENS[kind];
  const base = `${P}/Serials/${area}`;

  route(app, {
    url: `${base}/GetIssues`,
    access: screen,
    schema: ExpectedQuery,
    summary: `Issues of ${kind} subscriptions: still expected (default, by expected date), arrived or all`,
    handler: ({ db, scope, body }) => listIssues(db, scope, kind, body),
  });

  route(app, {
    url: `${base}/ScanCover`,
    access: screen,
    schema: ScanCoverBody,
    summary:
      'Parses a scanned cover barcode (977 EAN-13 + add-on) or a typed ISSN: the title and the issue to check in',
    handler: ({ db, scope, body, t, lang }) => scanCover(db, scope, kind, body.barcode, t, lang),
  });

  route(app, {
    url: `${base}/CheckIn`,
    access: `${screen}:checkin`,
    schema: CheckInBody,
    audit: `serials.${kind}.checkin`,
    keepsCallers: true,
    summary: 'Checks an issue in: copies with barcodes from the school rule, not yet distributed',
    handler: async (ctx) => {
      const r = await checkIn(ctx.db, ctx.scope, kind, ctx.body, ctx.t, ctx.lang);
      Object.assign(ctx.auditDetail, { issueId: r.issue.id, barcodes: r.barcodes });
      return r;
    },
  });

  route(app, {
    url: `${base}/CheckInByHand`,
    access: `${screen}:checkin`,
    schema: HandCheckInBody,
    audit: `serials.${kind}.checkinByHand`,
    keepsCallers: true,
    summary: 'Checks in an issue typed by hand (irregular titles, issues not predicted)',
    handler: async (ctx) => {
      const r = await handCheckIn(ctx.db, ctx.scope, kind, ctx.body, ctx.t, ctx.lang);
      Object.assign(ctx.auditDetail, { issueId: r.issue.id, barcodes: r.barcodes });
      return r;
    },
  });

  route(app, {
    url: `${base}/UndoCheckIn`,
    access: `${screen}:delete`,
    schema: IssueIdBody,
    audit: `serials.${kind}.undoCheckin`,
    keepsCallers: true,
    summary: 'Undoes a check-in made by mistake (its copies leave the catalogue); refused once a copy is used',
    handler: ({ db, scope, body }) => undoCheckIn(db, scope, kind, body.issueId),
  });

  route(app, {
    url: `${base}/GetLateIssues`,
    access: screen,
    schema: LateQuery,
    summary: 'Late, claimed and missing issues: not arrived, expected date plus the grace days passed',
    handler: async ({ db, scope, body }) => {
      const List = await lateIssues(db, scope, kind, body);
      return { List, Total: List.length };
    },
  });

  route(app, {
    url: `${base}/ClaimIssues`,
    access: `${screen}:edit`,
    schema: IssueIdsBody,
    audit: `serials.${kind}.claim`,
    keepsCallers: true,
    summary: 'Records a claim sent for the issues (claimed now, one more claim)',
    handler: async ({ db, scope, body, lang }) => ({ count: await claimIssues(db, scope, kind, body.issueIds, lang) }),
  });

  route(app, {
    url: `${base}/MarkMissing`,
    access: `${screen}:edit`,
    schema: IssueIdsBody,
    audit: `serials.${kind}.missing`,
    keepsCallers: true,
    summary: 'Gives issues up as missing (they can still arrive)',
    handler: async ({ db, scope, body, lang }) => ({ count: await markMissing(db, scope, kind, body.issueIds, lang) }),
  });

  route(app, {
    url: `${base}/ExportClaims`,
    access: screen,
    schema: LateQuery,
    raw: true,
    audit: `serials.${kind}.claimExport`,
    summary: 'The late-issue list of the filters as xlsx, to send to the supplier',
    handler: async ({ db, scope, body, t, lang, reply }) => {
      const { headers, body: rows } = claimSheet(await lateIssues(db, scope, kind, body), t, lang);
      return sendSheet(reply, t('serials.claims.file'), headers, rows);
    },
  });

  route(app, {
    url: `${base}/GetTransferIssues`,
    access: rowto,
    schema: TransferQuery,
    summary: 'Arrived issues with their places (ordered and distributed copies)',
    handler: async ({ db, scope, body }) => {
      const List = await transferList(db, scope, kind, body);
      return { List, Total: List.length };
    },
  });

  route(app, {
    url: `${base}/Transfer`,
    access: `${rowto}:transfer`,
    schema: TransferBody,
    audit: `serials.${kind}.transfer`,
    keepsCallers: true,
    summary: "Distributes an issue's copies to the order's places, never more per place than ordered",
    handler: ({ db, scope, body, t }) => transfer(db, scope, kind, body, t),
  });
}
