import type { ServerModule } from '../index.ts';
import './capture.messages.ts';
import { captureRoutes } from './capture.routes.ts';

/** Copy cataloguing from SRU sources (issue 3 §5, P/Capture/*). */
export const captureModule: ServerModule = { name: 'capture', routes: captureRoutes };
