import type { ServerModule } from '../index.ts';
import './reader-moves.messages.ts';
import { readerMovesRoutes } from './reader-moves.routes.ts';

/** Moving readers: year-end class upgrade (/department/dept-upgrade) and class transfer. */
export const readerMovesModule: ServerModule = {
  name: 'reader-moves',
  routes: readerMovesRoutes,
};
