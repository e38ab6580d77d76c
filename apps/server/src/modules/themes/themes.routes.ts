import { PublishBody } from '@shuyuan/contracts/bulletin/bulletin';
import { PickQuery } from '@shuyuan/contracts/circ-records/records';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  ActivityCreate,
  ActivityListQuery,
  ActivityUpdate,
  THEME_CODE,
  ThemeCreate,
  ThemeListQuery,
  ThemeUpdate,
} from '@shuyuan/contracts/themes/theme';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { pickRecords } from '../catalogue/pick-records.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import {
  activityToDto,
  activityValues,
  beforeActivityDelete,
  beforeThemeDelete,
  checkPublishable,
  saveTasks,
  themeToDto,
  themeValues,
} from './themes.service.ts';
import { readingTheme, themeActivity } from './themes.table.ts';

const T = `${P}/Themes`;

/** /theme-reading: themes and their activities (CRUD), publishing, and the pickers of the form. */
export function themeRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Themes',
    entity: 'Theme',
    table: readingTheme,
    permission: THEME_CODE,
    audit: 'themes.theme',
    contracts: { create: ThemeCreate, update: ThemeUpdate, list: ThemeListQuery },
    search: [readingTheme.title],
    filters: (q) => [q.published === undefined ? undefined : eq(readingTheme.published, q.published)],
    orderBy: [desc(readingTheme.startDate), desc(readingTheme.id)],
    toValues: async ({ ctx, db, input, existing }) => ({
      ...(await themeValues(ctx, db, input as Record<string, any>)),
      ...(existing ? {} : { createdBy: ctx.user!.userId }),
    }),
    hooks: {
      afterSave: ({ ctx, db, input, row }) => saveTasks(ctx, db, row.id, null, (input as ThemeCreate).tasks),
      beforeDelete: ({ ctx, db, rows }) =>
        beforeThemeDelete(
          ctx,
          db,
          rows.map((r) => r.id),
        ),
    },
    toDto: themeToDto,
  });

  defineResource(app, {
    area: 'Themes',
    entity: 'Activity',
    table: themeActivity,
    permission: THEME_CODE,
    audit: 'themes.activity',
    contracts: { create: ActivityCreate, update: ActivityUpdate, list: ActivityListQuery },
    search: [themeActivity.title],
    filters: (q) => [q.themeId === undefined ? undefined : eq(themeActivity.themeId, q.themeId)],
    orderBy: [asc(themeActivity.startDate), asc(themeActivity.id)],
    toValues: ({ ctx, db, input }) => activityValues(ctx, db, input as Record<string, any>),
    hooks: {
      afterSave: ({ ctx, db, input, row }) => saveTasks(ctx, db, row.themeId, row.id, (input as ActivityCreate).tasks),
      beforeDelete: ({ ctx, db, rows }) =>
        beforeActivityDelete(
          ctx,
          db,
          rows.map((r) => r.id),
        ),
    },
    toDto: activityToDto,
  });

  route(app, {
    url: `${T}/PublishTheme`,
    access: opCode(THEME_CODE, 'publish'),
    schema: PublishBody,
    audit: 'themes.theme.publish',
    summary: 'Publish themes (readers may join them; the public site shows them), or take them back',
    handler: async (ctx) => {
      const ids = [...new Set(ctx.body.ids)];
      const where = ctx.scope.where(readingTheme, inArray(readingTheme.id, ids));
      const found = await ctx.db.select().from(readingTheme).where(where);
      if (found.length !== ids.length) throw notFound();
      if (ctx.body.published) await checkPublishable(ctx, ctx.db, found);
      ctx.auditDetail.ids = ids;
      ctx.auditDetail.published = ctx.body.published;
      await ctx.db
        .update(readingTheme)
        .set(
          ctx.body.published
            ? {
                published: true,
                publishedAt: sql`case when ${readingTheme.published} then ${readingTheme.publishedAt} else now() end`,
              }
            : { published: false },
        )
        .where(where);
      return { count: ids.length };
    },
  });

  route(app, {
    url: `${T}/PickRecords`,
    access: THEME_CODE,
    schema: PickQuery,
    summary: "Catalogue records whose title, author or ISBN contains the key (20 at most): the theme's book picker",
    handler: ({ db, scope, body }) => pickRecords(db, scope, body.key),
  });

  route(app, {
    url: `${T}/GetJoinGrades`,
    access: THEME_CODE,
    summary: 'The grades of the school (who may join a theme)',
    handler: ({ db, scope }) =>
      db
        .select({ id: grade.id, name: grade.name })
        .from(grade)
        .where(scope.where(grade))
        .orderBy(asc(grade.sort), asc(grade.id)),
  });

  route(app, {
    url: `${T}/GetJoinClasses`,
    access: THEME_CODE,
    summary: 'The classes of the school with their grade (who may join a theme)',
    handler: ({ db, scope }) =>
      db
        .select({ id: schoolClass.id, name: sql<string>`${grade.name} || ' ' || ${schoolClass.name}` })
        .from(schoolClass)
        .innerJoin(grade, eq(grade.id, schoolClass.gradeId))
        .where(scope.where(schoolClass))
        .orderBy(asc(grade.sort), asc(grade.id), asc(schoolClass.sort), asc(schoolClass.name)),
  });
}
