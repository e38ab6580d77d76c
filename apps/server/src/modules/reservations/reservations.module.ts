import { registerSchedule } from '../../platform/jobs/jobs.ts';
import type { ServerModule } from '../index.ts';
import { registerReservationHooks } from './reservation.hooks.ts';
import './reservations.messages.ts';
import { notifyReady } from './reservation.notify.ts';
import { reservationsRoutes } from './reservations.routes.ts';
import { expireHolds } from './reservations.service.ts';

// The desk's borrow / return / renew commands consult the reservation queue.
registerReservationHooks();
// Just after midnight: holds past their last day expire (overdue not collected), copies move on.
registerSchedule('reservation-expiry', { dailyAt: '00:20' }, async (app) => {
  await expireHolds(app);
});
// Hold-shelf notices not sent right after the return (SMTP down, set up later) are retried every few minutes.
registerSchedule('reservation-notices', { everyMs: 5 * 60_000 }, async (app) => {
  await notifyReady(app);
});

/** Reservations (hold queue, hold shelf, expiry, notices) and purchase suggestions (issue 4 §4). */
export const reservationsModule: ServerModule = {
  name: 'reservations',
  routes: reservationsRoutes,
};
