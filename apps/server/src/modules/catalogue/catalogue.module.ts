import type { ServerModule } from '../index.ts';
import './catalogue.messages.ts';
import { catalogueRoutes } from './catalogue.routes.ts';

/** Catalogue records, copies and acceptance batches: the data core of spec §6. */
export const catalogueModule: ServerModule = { name: 'catalogue', routes: catalogueRoutes };
