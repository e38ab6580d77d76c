import type { PageDef } from '../../app/pages.ts';
import ToOpac from './to-opac.tsx';

/**
 * Spec §2 public search routes under /library/#/…: the public site itself is /library/opac.html (apps/web/src/opac,
 * its own small first load); these hand the route over to it.
 */
const ROUTES = [
  '/search',
  '/search/personal',
  '/search/book',
  '/search/book/details',
  '/search/recommend',
  '/search/recentnewbook',
  '/search/classify',
  '/user/circulation',
  '/user/integral',
  '/transition',
  '/orschool',
  '/advancedsearch',
  '/searchdetail',
  '/userinfo',
  '/search/newslist',
  '/search/newsdetail',
  '/search/libpic',
  '/search/networkresource',
  '/search/NewBookAnnouncement',
  '/libraryinfo',
  '/search/booklist',
  '/search/booklist/details',
  '/guidescreen',
  '/guidescreen/search',
  '/newbook',
  '/hotBook',
  '/schoolNews',
  '/newsDetail',
  '/brstatistic',
  '/schoolactivity',
  '/activitytask',
  '/activitydetaildoing',
  '/activitydetailend',
  '/guidescreen/userinfo',
];

export const outsidePages: PageDef[] = ROUTES.map(
  (path): PageDef => ({ path, layout: 'opac', component: ToOpac, titleKey: 'shell.pages.publicSearch' }),
);
