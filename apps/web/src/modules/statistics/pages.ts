import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

type ScreenName = keyof typeof import('./screens.tsx')['screens'];
const screen = (name: ScreenName) => lazy(() => import('./screens.tsx').then((m) => ({ default: m.screens[name] })));
type VisitName = keyof typeof import('./visits.tsx')['visitScreens'];
const visitScreen = (name: VisitName) =>
  lazy(() => import('./visits.tsx').then((m) => ({ default: m.visitScreens[name] })));
type LedgerName = keyof typeof import('./ledgers.tsx')['ledgerScreens'];
const ledgerScreen = (name: LedgerName) =>
  lazy(() => import('./ledgers.tsx').then((m) => ({ default: m.ledgerScreens[name] })));

/** Statistics, rankings and ledgers (issue 12): one report screen per route, from screens.tsx and ledgers.tsx. */
export const pages: PageDef[] = [
  { path: '/collLendrank', component: screen('collLendrank'), titleKey: 'statistics.pages.collLendrank' },
  { path: '/catelendrank', component: screen('catelendrank'), titleKey: 'statistics.pages.catelendrank' },
  { path: '/deptlendrank', component: screen('deptlendrank'), titleKey: 'statistics.pages.deptlendrank' },
  { path: '/classlendrank', component: screen('classlendrank'), titleKey: 'statistics.pages.classlendrank' },
  { path: '/deptuserrank', component: screen('deptuserrank'), titleKey: 'statistics.pages.deptuserrank' },
  { path: '/classuserrank', component: screen('classuserrank'), titleKey: 'statistics.pages.classuserrank' },
  { path: '/dayrank', component: screen('dayrank'), titleKey: 'statistics.pages.dayrank' },
  { path: '/weekrank', component: screen('weekrank'), titleKey: 'statistics.pages.weekrank' },
  { path: '/monthrank', component: screen('monthrank'), titleKey: 'statistics.pages.monthrank' },
  { path: '/yearrank', component: screen('yearrank'), titleKey: 'statistics.pages.yearrank' },
  { path: '/circulate-statistic', component: screen('circulation'), titleKey: 'statistics.pages.circulation' },
  { path: '/class-borrowstatistic', component: screen('classBorrow'), titleKey: 'statistics.pages.classBorrow' },
  { path: '/dept-borrowstatistic', component: screen('deptBorrow'), titleKey: 'statistics.pages.deptBorrow' },
  { path: '/resourcecicr', component: screen('resource'), titleKey: 'statistics.pages.resource' },
  { path: '/zero-borrow-person', component: screen('zeroReaders'), titleKey: 'statistics.pages.zeroReaders' },
  { path: '/zero-borrow-book', component: screen('zeroCopies'), titleKey: 'statistics.pages.zeroCopies' },
  { path: '/counter-statistics', component: screen('counter'), titleKey: 'statistics.pages.counter' },
  { path: '/collection-statistic', component: screen('collection'), titleKey: 'statistics.pages.collection' },
  { path: '/data-report/classify5', component: screen('classify5'), titleKey: 'statistics.pages.classify5' },
  { path: '/classify22', component: screen('classify22'), titleKey: 'statistics.pages.classify22' },
  { path: '/statistical-purchasing', component: screen('purchase'), titleKey: 'statistics.pages.purchase' },
  { path: '/entry-exit-records', component: visitScreen('records'), titleKey: 'statistics.pages.entryExit' },
  { path: '/inoutstatistic', component: visitScreen('visits'), titleKey: 'statistics.pages.visits' },
  { path: '/alarm-record', component: visitScreen('alarms'), titleKey: 'statistics.pages.alarms' },
  { path: '/ledger', component: ledgerScreen('ledger'), titleKey: 'statistics.pages.ledger' },
  { path: '/store', component: ledgerScreen('store'), titleKey: 'statistics.pages.store' },
  { path: '/singlebatch', component: ledgerScreen('singlebatch'), titleKey: 'statistics.pages.singlebatch' },
  { path: '/copybatch', component: ledgerScreen('copybatch'), titleKey: 'statistics.pages.copybatch' },
  { path: '/singlemultiple', component: ledgerScreen('singlemultiple'), titleKey: 'statistics.pages.singlemultiple' },
  { path: '/copymultiple', component: ledgerScreen('copymultiple'), titleKey: 'statistics.pages.copymultiple' },
  {
    path: '/statistical-queries',
    component: lazy(() => import('./query.tsx').then((m) => ({ default: m.QueryBuilderScreen }))),
    titleKey: 'statistics.pages.query',
  },
  {
    path: '/statistical-querie-table',
    component: lazy(() => import('./query.tsx').then((m) => ({ default: m.QueryTableScreen }))),
    titleKey: 'statistics.pages.queryTable',
  },
];
