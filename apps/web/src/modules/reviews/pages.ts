import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** Reading promotion: book reviews, reading shares, teachers' recommendations (server modules/reviews). */
export const pages: PageDef[] = [
  { path: '/bookreview', component: lazy(() => import('./bookreview.page.tsx')), titleKey: 'reviews.pages.bookreview' },
  {
    path: '/bookreview-setting',
    component: lazy(() => import('./settings.page.tsx')),
    titleKey: 'reviews.pages.bookreviewSetting',
  },
  { path: '/reading-share', component: lazy(() => import('./share.page.tsx')), titleKey: 'reviews.pages.readingShare' },
  {
    path: '/share-dimension',
    component: lazy(() => import('./dimension.page.tsx')),
    titleKey: 'reviews.pages.shareDimension',
  },
  {
    path: '/recommended-teacher',
    component: lazy(() => import('./recommend.page.tsx')),
    titleKey: 'reviews.pages.recommend',
  },
  {
    path: '/recommended-teacher-label',
    component: lazy(() => import('./label.page.tsx')),
    titleKey: 'reviews.pages.recommendLabel',
  },
];
