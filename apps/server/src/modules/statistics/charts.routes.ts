import { P } from '@shuyuan/contracts/common/paths';
import { ChartsQuery } from '@shuyuan/contracts/statistics/charts';
import type { Ranking } from '@shuyuan/contracts/statistics/reports';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { chartRank, locationItems, locationLoans } from './charts.service.ts';
import { wallScreen } from './wall.service.ts';

const M = '/micro/mobile/Charts';

/** The Charts rankings of spec §7: what each ranks. */
const RANKS: [action: string, by: Ranking][] = [
  ['ItemBorrowRank', 'title'],
  ['GradeBorrowRank', 'grade'],
  ['DeptBorrowRank', 'class'],
  ['GradeUserBorrowRank', 'reader'],
  ['DeptUserBorrowRank', 'reader'],
];

/**
 * The guide screens' and the public site's figures: school-level aggregates, so 'publicSchool' (a kiosk's device
 * token names its school; the public site sends the school it shows). Reader rankings give masked names only,
 * never an account or a reader's id; periods are the fixed ones and lists stop at 100.
 */
export function chartsRoutes(app: FastifyInstance): void {
  for (const [action, by] of RANKS) {
    route(app, {
      url: `${M}/${action}`,
      access: 'publicSchool',
      schema: ChartsQuery,
      handler: ({ db, scope, body, lang }) => chartRank(db, scope, by, body, lang),
    });
  }
  route(app, {
    url: `${P}/Charts/GetLocationItemSta`,
    access: 'publicSchool',
    handler: ({ db, scope, lang }) => locationItems(db, scope, lang),
  });
  route(app, {
    url: `${P}/Charts/GetLocationCircSta`,
    access: 'publicSchool',
    schema: ChartsQuery,
    handler: ({ db, scope, body, lang }) => locationLoans(db, scope, body, lang),
  });
  // The library's wall screen (/statistic): one call per refresh; aggregates and titles only, no reader's name.
  route(app, {
    url: `${P}/Charts/GetWallScreen`,
    access: 'publicSchool',
    summary: "The wall screen's figures: today, the last 30 days, this month's top titles and classes, the collection",
    handler: ({ db, scope, lang }) => wallScreen(db, scope, lang),
  });
}
