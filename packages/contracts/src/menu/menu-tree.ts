import { adminGroups } from './groups-admin.ts';
import { collectionGroups } from './groups-collection.ts';
import { engagementGroups } from './groups-engagement.ts';
import { reportGroups } from './groups-reports.ts';
import { build, screen } from './menu-build.ts';
import type { MenuNode } from './menu-types.ts';

/**
 * The built-in menu tree: every staff back-office route of spec §2 in its group, with Chinese and English
 * names, an @ant-design/icons name and its operations. The server synchronises the `menu` table from it at
 * every start (local edits made through /sys/menu are kept).
 */
export const menuTree: MenuNode[] = build([
  screen('/data-analysis', '首页', 'Home', 'HomeOutlined'),
  ...adminGroups,
  ...collectionGroups,
  ...reportGroups,
  ...engagementGroups,
]);

/** Routes outside the main layout (spec §2): sign-in returns, bridges, error and version pages. */
export const bareRoutes = [
  '/callback',
  '/callbacksearch',
  '/bridge',
  '/401',
  '/404',
  '/statistic',
  '/libraryinfo',
  '/connect/oauth',
  '/connect/unoauth',
  '/checkversion',
  '/auth',
  '/searchauth',
  '/barcode-prepriting-view',
  '/department/user-transferr',
] as const;

/** The public search area (no sign-in). */
export const opacRoutes = [
  '/search',
  '/search/personal',
  '/search/book',
  '/search/libpic',
  '/user/circulation',
  '/user/integral',
  '/search/book/details',
  '/search/recommend',
  '/search/newslist',
  '/search/newsdetail',
  '/search/recentnewbook',
  '/search/NewBookAnnouncement',
  '/search/networkresource',
  '/search/themeList',
  '/search/themeList/details',
  '/search/themeList/activity-details',
  '/transition',
  '/advancedsearch',
] as const;

/** Guide-screen displays (/advancedsearch is shared with the public search area and listed there). */
export const guideRoutes = [
  '/guidescreen',
  '/guidescreen/search',
  '/searchdetail',
  '/newbook',
  '/hotBook',
  '/schoolNews',
  '/newsDetail',
  '/brstatistic',
  '/schoolactivity',
  '/activitytask',
  '/activitydetaildoing',
  '/activitydetailend',
  '/userinfo',
] as const;

/** Every route of spec §2 that is not a back-office menu entry. */
export const nonMenuRoutes: readonly string[] = [...bareRoutes, ...opacRoutes, ...guideRoutes];

/** Depth-first list of all nodes. */
export function flattenMenu(nodes: MenuNode[] = menuTree): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flattenMenu(n.children)]);
}
