import type { ServerModule } from '../index.ts';
import './gate.messages.ts';
import { gateRoutes } from './gate.routes.ts';

/** The entrance: gate passes, card scans and security-gate alarms reported by devices (issue 12 §1 visits). */
export const gateModule: ServerModule = { name: 'gate', routes: gateRoutes };
