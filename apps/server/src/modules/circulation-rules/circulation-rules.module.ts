import type { ServerModule } from '../index.ts';
import './circulation-rules.messages.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { rangesRoutes } from './ranges.routes.ts';
import { rulesRoutes } from './rules.routes.ts';

/** Borrowing rules screens (/borrow-permission, /borrow-range-mana), the school calendar and borrowing ranges. */
export const circulationRulesModule: ServerModule = {
  name: 'circulation-rules',
  routes: (app) => {
    rulesRoutes(app);
    rangesRoutes(app);
    calendarRoutes(app);
  },
};
