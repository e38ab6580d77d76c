import type { ServerModule } from '../index.ts';
import './losses.messages.ts';
import { lossesRoutes } from './losses.routes.ts';

/** Lost copies (register, compensation, retrieval, found again, orders, ledger) and lost reader cards. */
export const lossesModule: ServerModule = {
  name: 'losses',
  routes: lossesRoutes,
};
