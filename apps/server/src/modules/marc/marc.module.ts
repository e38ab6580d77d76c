import type { ServerModule } from '../index.ts';
import './marc.messages.ts';
import { marcRoutes } from './marc.routes.ts';

/** MARC import (preview, background import, mapping rules) and export (selection, everything). */
export const marcModule: ServerModule = { name: 'marc', routes: marcRoutes };
