import type { ServerModule } from '../index.ts';
import { registerReturnHook } from '../circulation/circulation.hooks.ts';
import './losses.messages.ts';
import { finesRoutes } from './fines.routes.ts';
import { chargeFine } from './fines.service.ts';
import { lossesRoutes } from './losses.routes.ts';

// Overdue fines are charged as the late copy comes back, in the return's transaction.
registerReturnHook(
  async (ctx) => {
    const fine = await chargeFine(ctx);
    return fine ? { fine } : undefined;
  },
  // A quick return comes back on time: no fine.
  async () => undefined,
);

/** Lost copies (register, compensation, retrieval, found again, orders, ledger), lost reader cards, overdue fines. */
export const lossesModule: ServerModule = {
  name: 'losses',
  routes: (app) => {
    lossesRoutes(app);
    finesRoutes(app);
  },
};
