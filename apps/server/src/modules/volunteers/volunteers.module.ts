import type { ServerModule } from '../index.ts';
import { rosterRoutes } from './roster.routes.ts';
import { setupRoutes } from './setup.routes.ts';
import { signRoutes } from './sign.routes.ts';
import './volunteers.messages.ts';

/** Volunteers and small librarians (issue 16): roster, service types, duties, desk sign-in, hours, certificates. */
export const volunteersModule: ServerModule = {
  name: 'volunteers',
  routes: (app) => {
    rosterRoutes(app);
    setupRoutes(app);
    signRoutes(app);
  },
};
