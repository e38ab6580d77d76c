import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** The class corner (班级图书角): search, lending by the class librarian, returns, use and rankings. */
export const pages: PageDef[] = [
  {
    path: '/class-booksearch',
    component: lazy(() => import('./book-search.page.tsx')),
    titleKey: 'classCorner.pages.search',
  },
  {
    path: '/class-borrow-mana',
    component: lazy(() => import('./borrow-mana.page.tsx')),
    titleKey: 'classCorner.pages.loans',
  },
  { path: '/class-bookuse', component: lazy(() => import('./book-use.page.tsx')), titleKey: 'classCorner.pages.use' },
  {
    path: '/class-bookreturn',
    component: lazy(() => import('./book-return.page.tsx')),
    titleKey: 'classCorner.pages.returns',
  },
  {
    path: '/class-bookrank',
    component: lazy(() => import('./book-rank.page.tsx')),
    titleKey: 'classCorner.pages.bookRank',
  },
  {
    path: '/class-classrank',
    component: lazy(() => import('./class-rank.page.tsx')),
    titleKey: 'classCorner.pages.classRank',
  },
  {
    path: '/class-studentrank',
    component: lazy(() => import('./student-rank.page.tsx')),
    titleKey: 'classCorner.pages.studentRank',
  },
];
