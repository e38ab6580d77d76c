import type { ServerModule } from '../index.ts';
import './opac.messages.ts';
import { personalRoutes } from './personal.routes.ts';
import { searchRoutes } from './search.routes.ts';

/** The readers' side (issue 11): the public search site and the personal area. */
export const opacModule: ServerModule = {
  name: 'opac',
  routes: (app) => {
    searchRoutes(app);
    personalRoutes(app);
  },
};
