import { startupWork } from '../../platform/startup-work.ts';
import type { ServerModule } from '../index.ts';
import './classification.messages.ts';
import { seedBuiltinClasses } from './class.service.ts';
import { classificationRoutes } from './classification.routes.ts';
import { ensureFullClc } from './clc-full.ts';

/** Classification schemes (full CLC and Dewey summaries built in, other schemes imported), class picker, book and author numbers. */
export const classificationModule: ServerModule = {
  name: 'classification',
  routes: classificationRoutes,
  seed: (db) => seedBuiltinClasses(db),
  // The full CLC (45,785 nodes) is installed once, in the background: start-up does not wait for it.
  start: async (app) => {
    void startupWork(ensureFullClc(app.database.db)).catch((e) => app.log.error(e, 'installing the full CLC failed'));
    return undefined;
  },
};
