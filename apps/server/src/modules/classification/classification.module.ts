import type { ServerModule } from '../index.ts';
import './classification.messages.ts';
import { seedBuiltinClasses } from './class.service.ts';
import { classificationRoutes } from './classification.routes.ts';

/** Classification schemes (CLC built in, full schemes imported), class picker, book and author numbers. */
export const classificationModule: ServerModule = {
  name: 'classification',
  routes: classificationRoutes,
  seed: (db) => seedBuiltinClasses(db),
};
