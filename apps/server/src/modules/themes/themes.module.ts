import type { ServerModule } from '../index.ts';
import './themes.messages.ts';
import { themePublicRoutes } from './public.routes.ts';
import { readerThemeRoutes, runRoutes } from './run.routes.ts';
import { themeRoutes } from './themes.routes.ts';

/** Theme reading and activities (issue 16): back office, judging, the reader's side and the public endpoints. */
export const themesModule: ServerModule = {
  name: 'themes',
  routes: (app) => {
    themeRoutes(app);
    runRoutes(app);
    readerThemeRoutes(app);
    themePublicRoutes(app);
  },
};
