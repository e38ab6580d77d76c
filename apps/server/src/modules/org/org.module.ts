import type { ServerModule } from '../index.ts';
import { classRoutes } from './class.routes.ts';
import { departmentRoutes } from './department.routes.ts';
import './org.messages.ts';
import { orgOpenRoutes } from './org.open.routes.ts';
import { seedOrg } from './org.seed.ts';
import { termRoutes } from './term.routes.ts';

/** A school's organisation: departments, stages, grades, classes, terms, subjects, contacts, permission groups. */
export const orgModule: ServerModule = {
  name: 'org',
  routes: (app) => {
    departmentRoutes(app);
    classRoutes(app);
    termRoutes(app);
    orgOpenRoutes(app);
  },
  seed: seedOrg,
};
