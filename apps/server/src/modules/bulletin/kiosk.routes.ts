import { KIOSK_APPS, type KioskApps } from '@shuyuan/contracts/bulletin/kiosk';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { school } from '../school/school.table.ts';
import { getSettings } from '../settings/settings.service.ts';

/**
 * Kiosks and hall screens (issue 11 §3). A kiosk signs in as a device (client-credentials grant, a client made on
 * /sys/devices with no acting account: public calls only, for its own school) and asks which apps it runs.
 */
export function kioskRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/micro/dc/open/library/apps/getcompanyhardwareappslist',
    access: 'publicSchool',
    summary: "A school's kiosk apps (guide screens, touch search, display routes) and their settings",
    handler: async (ctx): Promise<KioskApps> => {
      const [s] = await ctx.db
        .select({ id: school.id, code: school.code, name: school.name, enName: school.enName, state: school.state })
        .from(school)
        .where(eq(school.id, ctx.scope.schoolId));
      if (s?.state !== 1) throw notFound('opac.schoolNotFound');
      const v = await getSettings(ctx.db, ctx.scope, ['guide.interval', 'guide.idle']);
      const settings = { interval: Number(v['guide.interval']), idle: Number(v['guide.idle']) };
      return {
        school: { id: s.id, code: s.code, name: s.name, enName: s.enName },
        List: KIOSK_APPS.map((code) => ({
          code,
          name: ctx.t(`kiosk.app.${code}`),
          url: `/library/opac.html#/${code}?school=${encodeURIComponent(s.code)}`,
          settings,
        })),
      };
    },
  });
}
