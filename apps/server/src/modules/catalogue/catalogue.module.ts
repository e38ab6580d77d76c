import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../index.ts';
import { batchRoutes } from './batch.routes.ts';
import { startSearchReindex } from './catalogue-reindex.ts';
import { bookNumberRoutes } from './book-number.routes.ts';
import './catalogue.messages.ts';
import './collection.messages.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { duplicatesRoutes } from './duplicates.routes.ts';
import { collectionRoutes } from './collection.routes.ts';
import { editingRoutes } from './editing.routes.ts';
import { recordExportRoutes } from './record-export.routes.ts';

/** Catalogue records, copies, acceptance batches, cataloguing settings: the data core of spec §6. */
export const catalogueModule: ServerModule = {
  name: 'catalogue',
  routes: (app: FastifyInstance) => {
    catalogueRoutes(app);
    collectionRoutes(app);
    batchRoutes(app);
    bookNumberRoutes(app);
    editingRoutes(app);
    recordExportRoutes(app);
    duplicatesRoutes(app);
  },
  // Records whose search document was built by older rules are rebuilt in the background after each start.
  start: async (app) => startSearchReindex(app.database.db),
};
