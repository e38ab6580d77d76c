import type { ServerModule } from '../index.ts';
import './booklists.messages.ts';
import { bookListRoutes } from './booklists.routes.ts';
import { bookListPublicRoutes } from './public.routes.ts';

/** Book lists (推荐书单, issue 16): the back office /booklist, the public site and the personal area. */
export const bookListsModule: ServerModule = {
  name: 'booklists',
  routes: (app) => {
    bookListRoutes(app);
    bookListPublicRoutes(app);
  },
};
