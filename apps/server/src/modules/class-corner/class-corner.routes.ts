import {
  CORNER_SCREENS as S,
  CornerBooksQuery,
  CornerIdBody,
  CornerLendBody,
  CornerLoansQuery,
  CornerReturnBody,
  CornerStatsQuery,
} from '@shuyuan/contracts/class-corner/corner';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { listLoans } from '../circ-records/records.query.ts';
import { cornerFor, myCorners } from './corner.access.ts';
import { cornerExportRoutes } from './corner.export.ts';
import { cornerDto, cornerRoutes } from './corner.routes.ts';
import { cornerBooks, cornerLend, cornerReturn, cornerStudents } from './corner.service.ts';
import { bookRank, classRank, cornerUse, studentRank } from './corner.stats.ts';

const C = `${P}/ClassCorner`;

/** Statistics need the screen's permission, or being librarian of the corner asked about. */
async function statsAccess(ctx: Ctx<{ cornerId?: number }>, code: string) {
  if (ctx.user && hasPermission(ctx.user, code)) return;
  if (ctx.body.cornerId) {
    await cornerFor(ctx, ctx.body.cornerId, code);
    return;
  }
  throw forbidden();
}

export function classCornerRoutes(app: FastifyInstance): void {
  cornerRoutes(app);
  cornerExportRoutes(app);

  // Operations are open to any member of the school: each handler checks the screen permission or whether the
  // caller is the corner's class librarian (corner.access.ts).
  route(app, {
    url: `${C}/GetMyCorners`,
    access: 'school',
    summary: 'Corners the caller may run (all with the loans screen permission, else those they are librarian of)',
    handler: async (ctx) => Promise.all((await myCorners(ctx, S.loans)).map((c) => cornerDto(c, ctx))),
  });

  route(app, {
    url: `${C}/GetCornerBooks`,
    access: 'school',
    schema: CornerBooksQuery,
    summary: "The corner's books with who has them (/class-booksearch)",
    handler: async (ctx) => cornerBooks(ctx, await cornerFor(ctx, ctx.body.cornerId, S.search), ctx.body),
  });

  route(app, {
    url: `${C}/GetCornerStudents`,
    access: 'school',
    schema: CornerIdBody,
    handler: async (ctx) => cornerStudents(ctx, await cornerFor(ctx, ctx.body.cornerId, S.loans)),
  });

  route(app, {
    url: `${C}/Lend`,
    access: 'school',
    schema: CornerLendBody,
    audit: 'classCorner.lend',
    keepsCallers: true,
    summary: 'Lend corner books to students of the class (one or a class set); per-item results',
    handler: async (ctx) => {
      const c = await cornerFor(ctx, ctx.body.cornerId, opCode(S.loans, 'borrow'));
      const results = await cornerLend(ctx, c, ctx.body.items);
      ctx.auditDetail.lent = results.filter((r) => r.ok).length;
      return results;
    },
  });

  route(app, {
    url: `${C}/Return`,
    access: 'school',
    schema: CornerReturnBody,
    audit: 'classCorner.return',
    keepsCallers: true,
    summary: 'Take corner books back; per-item results',
    handler: async (ctx) => {
      const c = await cornerFor(ctx, ctx.body.cornerId, opCode(S.returns, 'return'));
      const results = await cornerReturn(ctx, c, ctx.body.barcodes);
      ctx.auditDetail.returned = results.filter((r) => r.ok).length;
      return results;
    },
  });

  route(app, {
    url: `${C}/GetCornerLoans`,
    access: 'school',
    schema: CornerLoansQuery,
    summary: "Loans of the corner's books (open, overdue or returned)",
    handler: async (ctx) => {
      const c = await cornerFor(ctx, ctx.body.cornerId, S.loans);
      return listLoans(ctx.db, ctx.scope, { locationId: c.locationId, state: ctx.body.state }, ctx.body);
    },
  });

  const stats = [
    ['GetCornerUse', S.use, cornerUse],
    ['GetBookRank', S.bookRank, bookRank],
    ['GetClassRank', S.classRank, classRank],
    ['GetStudentRank', S.studentRank, studentRank],
  ] as const;
  for (const [name, code, fn] of stats) {
    route(app, {
      url: `${C}/${name}`,
      access: 'school',
      schema: CornerStatsQuery,
      summary: `Class corner statistics (/${code}) over a period (default the last 30 days)`,
      handler: async (ctx) => {
        await statsAccess(ctx, code);
        return fn(ctx, ctx.body);
      },
    });
  }
}
