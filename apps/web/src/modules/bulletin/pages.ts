import { lazy } from '../../app/lazy-page.ts';
import type { PageDef } from '../../app/pages.ts';

/** What the library publishes for readers (issue 11): notices, dynamics, new-book announcements, links. */
export const pages: PageDef[] = [
  { path: '/notice-list', component: lazy(() => import('./notice.page.tsx')), titleKey: 'bulletin.pages.notice' },
  {
    path: '/dynamics-museum',
    component: lazy(() => import('./dynamics.page.tsx')),
    titleKey: 'bulletin.pages.dynamics',
  },
  {
    path: '/newbook-announcement',
    component: lazy(() => import('./announcement.page.tsx')),
    titleKey: 'bulletin.pages.announcement',
  },
  {
    path: '/smart_bookcase',
    component: lazy(() => import('./bookcase.page.tsx')),
    titleKey: 'bulletin.pages.bookcase',
  },
  { path: '/external-links', component: lazy(() => import('./links.page.tsx')), titleKey: 'bulletin.pages.links' },
];
