import type { ServerModule } from '../index.ts';
import './printing.messages.ts';
import { printingRoutes } from './printing.routes.ts';
import { seedPrinting } from './printing.seed.ts';

/** Barcode rules, label templates, pre-printing ranges and print jobs (spine, barcode, reader card; PDF/HP-GL). */
export const printingModule: ServerModule = {
  name: 'printing',
  routes: printingRoutes,
  seed: seedPrinting,
};
