import { setTokenVerifier } from '../../platform/principal.ts';
import type { ServerModule } from '../index.ts';
import { makeTokenVerifier } from './tokens.ts';

export const authModule: ServerModule = {
  name: 'auth',
  routes: (app) => {
    setTokenVerifier(makeTokenVerifier(app.database.db));
  },
};
