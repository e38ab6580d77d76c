import { eq } from 'drizzle-orm';
import { registerCirculationPort } from '../../sip2/port.ts';
import { Scope } from '../../platform/tenancy.ts';
import type { ServerModule } from '../index.ts';
import { school } from '../school/school.table.ts';
import './circulation.messages.ts';
import { circulationRoutes } from './circulation.routes.ts';
import { sipCirculationPort } from './sip-port.ts';
import { ensureDefaultRules } from './rules.service.ts';

// Self-check machines use the desk's commands from the moment the module is loaded.
registerCirculationPort(sipCirculationPort);

/** Loans, borrowing rules, the school calendar; the desk endpoints and the SIP2 port (issue 4 §2, §3). */
export const circulationModule: ServerModule = {
  name: 'circulation',
  routes: circulationRoutes,
  // Every existing school gets the built-in rules at start; a school created later gets them with the school.
  seed: async (db) => {
    const schools = await db.select({ id: school.id }).from(school).where(eq(school.state, 1));
    for (const s of schools) await ensureDefaultRules(db, new Scope(s.id));
  },
};
