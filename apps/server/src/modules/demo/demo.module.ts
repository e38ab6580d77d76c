import type { ServerModule } from '../index.ts';
import { seedDemoLibrary } from './demo-library.seed.ts';

/**
 * The demo school's library (books, copies, readers, loans, a reservation), created on the first start when
 * config `demoData` is on. Registered last: it uses every other module's data and services.
 */
export const demoModule: ServerModule = {
  name: 'demo',
  seed: seedDemoLibrary,
};
