import { registerSchedule } from '../../platform/jobs/jobs.ts';
import type { ServerModule } from '../index.ts';
import './reminders.messages.ts';
import { remindersRoutes } from './reminders.routes.ts';
import { runDailyReminders } from './reminders.service.ts';

// Every morning: overdue and due-soon reminders of the schools that switched them on (circ.overdueReminder).
registerSchedule('reminders', { dailyAt: '07:30' }, runDailyReminders);

/** Overdue / due-soon reminders by e-mail, their log, the /recall screen's endpoints (issue 4 §5). */
export const remindersModule: ServerModule = {
  name: 'reminders',
  routes: remindersRoutes,
};
