import type { ServerModule } from '../index.ts';
import './union.messages.ts';
import { unionRoutes } from './union.routes.ts';

/** Unions of schools (issue 17): management, union search, union cataloguing, /orschool. */
export const unionModule: ServerModule = { name: 'union', routes: unionRoutes };
