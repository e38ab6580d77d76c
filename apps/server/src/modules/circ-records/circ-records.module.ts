import type { ServerModule } from '../index.ts';
import './circ-records.messages.ts';
import { circRecordsRoutes } from './circ-records.routes.ts';

/** Loan records and histories, parents' views and links, conversions of loans (issue 4 §3 lists). */
export const circRecordsModule: ServerModule = {
  name: 'circ-records',
  routes: circRecordsRoutes,
};
