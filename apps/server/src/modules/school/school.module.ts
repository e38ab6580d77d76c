import type { ServerModule } from '../index.ts';
import { schoolRoutes } from './school.routes.ts';
import { seedSchool } from './school.seed.ts';

export const schoolModule: ServerModule = {
  name: 'school',
  routes: schoolRoutes,
  seed: seedSchool,
};
