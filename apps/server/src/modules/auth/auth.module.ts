import { setTokenVerifier } from '../../platform/principal.ts';
import type { ServerModule } from '../index.ts';
import './auth.messages.ts';
import { seedClients } from './client.service.ts';
import { registerLoginRoutes } from './login.routes.ts';
import { purgeExpired } from './oidc-adapter.ts';
import { ProviderRegistry } from './oidc-provider.ts';
import { registerOidcRoutes } from './oidc.routes.ts';
import { registerPlatRoutes } from './plat.routes.ts';
import { answerTestHarness } from './test-harness.ts';
import { purgeRateCounts } from './rate-limit.ts';
import { makeTokenVerifier } from './tokens.ts';
import { registerUserRoutes } from './user.routes.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

export const authModule: ServerModule = {
  name: 'auth',
  routes: (app) => {
    setTokenVerifier(makeTokenVerifier(app.database.db), app.database.db);
    const registry = new ProviderRegistry(app.database.db);
    registerOidcRoutes(app, registry);
    registerLoginRoutes(app, registry);
    registerPlatRoutes(app, registry);
    registerUserRoutes(app);
  },
  seed: seedClients,
  start: async (app) => {
    const purge = async () => {
      await purgeExpired(app.database.db);
      await purgeRateCounts(app.database.db);
    };
    const timer = setInterval(() => void purge().catch(() => {}), PURGE_EVERY_MS);
    timer.unref();
    const stopHarness = answerTestHarness(app.database.db);
    return () => {
      clearInterval(timer);
      stopHarness();
    };
  },
};
