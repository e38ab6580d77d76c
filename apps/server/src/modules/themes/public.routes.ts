import {
  ActivityInfoQuery,
  ActivitySubmitQuery,
  PublicActivityListQuery,
  PublicThemeListQuery,
  ThemeSubmitQuery,
} from '@shuyuan/contracts/themes/theme';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { assertOpen } from '../opac/visibility.ts';
import { activityInfo, publicActivities, publicSubmissions, publicThemes } from './public.service.ts';

const S = '/micro/space/api';

/**
 * The public site, guide screens and kiosks (spec §7 `space/api`): access `publicSchool` — no sign-in, the school
 * from the schoolID header or a kiosk token's school; published themes only, passed submissions only, readers'
 * names masked and no class.
 */
export function themePublicRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: `${S}/appactivitytheme/getlist`,
    access: 'publicSchool',
    schema: PublicThemeListQuery,
    summary: 'Published reading themes (running first), with participants and completions',
    handler: async (ctx) => {
      await assertOpen(ctx.db, ctx.scope);
      return publicThemes(ctx, ctx.body);
    },
  });

  route(app, {
    method: 'GET',
    url: `${S}/appactivitytheme/getsubmitbytheme`,
    access: 'publicSchool',
    schema: ThemeSubmitQuery,
    summary: "A published theme's passed submissions (names masked)",
    handler: async (ctx) => {
      await assertOpen(ctx.db, ctx.scope);
      return publicSubmissions(ctx, ctx.body);
    },
  });

  route(app, {
    method: 'GET',
    url: `${S}/appactivity/getlist`,
    access: 'publicSchool',
    schema: PublicActivityListQuery,
    summary: 'Activities of published themes (or of one theme), running first',
    handler: async (ctx) => {
      await assertOpen(ctx.db, ctx.scope);
      return publicActivities(ctx, ctx.body);
    },
  });

  route(app, {
    method: 'GET',
    url: `${S}/appactivity/getsubmitbyactivity`,
    access: 'publicSchool',
    schema: ActivitySubmitQuery,
    summary: "An activity's passed submissions (names masked)",
    handler: async (ctx) => {
      await assertOpen(ctx.db, ctx.scope);
      return publicSubmissions(ctx, ctx.body);
    },
  });

  route(app, {
    method: 'GET',
    url: `${S}/appactivity/getactivityinfo`,
    access: 'publicSchool',
    schema: ActivityInfoQuery,
    summary:
      'A published theme (themeId) or one of its activities (id): books, tasks with how many did them, activities',
    handler: async (ctx) => {
      await assertOpen(ctx.db, ctx.scope);
      return activityInfo(ctx, ctx.body);
    },
  });
}
