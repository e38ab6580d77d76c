import type { ServerModule } from '../index.ts';
import './readers.messages.ts';
import { readersRoutes } from './readers.routes.ts';

/** Readers (issue 4 §1): the reader list, card loss and re-issue, xlsx import and export. */
export const readersModule: ServerModule = {
  name: 'readers',
  routes: readersRoutes,
};
