import type { ServerModule } from '../index.ts';
import './basic.messages.ts';
import { seedBasics } from './basic.seed.ts';
import { branchRoutes } from './branch.routes.ts';
import { locationRoutes } from './location.routes.ts';

/** Basic data of a school's library: branches, resource types, locations, shelves, positions, shelf areas. */
export const basicModule: ServerModule = {
  name: 'basic',
  routes: (app) => {
    branchRoutes(app);
    locationRoutes(app);
  },
  seed: seedBasics,
};
