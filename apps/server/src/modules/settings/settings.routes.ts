import { P } from '@shuyuan/contracts/common/paths';
import { GetConfigDataQuery, SaveSettingsBody, SettingListQuery } from '@shuyuan/contracts/settings/registry';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { route } from '../../platform/route.ts';
import { getSettings, listScreen, saveScreen } from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance): void {
  // Every signed-in member reads the school's settings (the web app keeps them in the session).
  route(app, {
    url: `${P}/Config/GetConfigData`,
    access: 'school',
    schema: GetConfigDataQuery,
    handler: ({ db, scope, body }) => getSettings(db, scope, body.keys),
  });

  // The two screens: permission = the screen's code ('setting' / 'basic-config'), saving needs ':edit'.
  route(app, {
    url: `${P}/Config/GetSettingList`,
    access: 'school',
    schema: SettingListQuery,
    handler: ({ db, scope, body, user }) => {
      if (!hasPermission(user!, body.screen)) throw forbidden();
      return listScreen(db, scope, body.screen);
    },
  });

  route(app, {
    url: `${P}/Config/SaveSettings`,
    access: 'school',
    schema: SaveSettingsBody,
    audit: 'setting.save',
    handler: async ({ db, scope, body, user, auditDetail, lang }) => {
      if (!hasPermission(user!, `${body.screen}:edit`)) throw forbidden();
      const r = await saveScreen(db, scope, user!.userId, body, lang);
      auditDetail.keys = r.saved;
      return r;
    },
  });
}
