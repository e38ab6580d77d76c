import type { ServerModule } from '../index.ts';
import { translationRoutes } from './translation.routes.ts';
import { reloadOverrides } from './translation.service.ts';

/** How often a process re-reads overrides changed by another process (PostgreSQL, several copies). */
const REFRESH_MS = 30_000;

export const translationModule: ServerModule = {
  name: 'translation',
  routes: (app) => {
    translationRoutes(app);
    // Load the overrides before the first request; a change made here reloads them at once (afterChange).
    app.addHook('onReady', () => reloadOverrides(app.database.db));
  },
  start: async (app) => {
    if (app.database.kind !== 'postgres') return undefined;
    const timer = setInterval(() => void reloadOverrides(app.database.db).catch(() => {}), REFRESH_MS);
    timer.unref();
    return () => clearInterval(timer);
  },
};
