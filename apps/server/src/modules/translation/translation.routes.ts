import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  TRANSLATION_PATHS,
  TRANSLATION_PERMISSION,
  type ServerKey,
  type Translation,
  TranslationCreate,
  TranslationListQuery,
  TranslationUpdate,
} from '@shuyuan/contracts/translation/translation';
import { fail } from '../../platform/errors.ts';
import { allMessages } from '../../platform/i18n/messages.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { translation } from './translation.table.ts';
import { ALL_SCHOOLS, installSchoolId, overridesFor, ownOrAll, reloadOverrides } from './translation.service.ts';
import './translation.messages.ts';

/** Install-wide rows are managed from the install's first school only. */
async function mayManageAll(ctx: Ctx<any>): Promise<void> {
  if ((await installSchoolId(ctx.db)) !== ctx.schoolId)
    throw fail('FORBIDDEN_ALL_SCHOOLS', 'system.transition.error.allSchools');
}

/** /sys/transition: overrides of i18n texts; they apply at once to API messages and (via Search/Translation) the web. */
export function translationRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Config',
    entity: 'Translation',
    paths: TRANSLATION_PATHS,
    routes: { get: false },
    table: translation,
    // Rows of school 0 are shared by all schools, so this table cannot use the plain school scope: `visible`
    // shows a school its own rows (through scope) plus the shared ones.
    global: true,
    visible: (ctx) => ownOrAll(ctx.scope),
    permission: TRANSLATION_PERMISSION,
    audit: 'translation',
    contracts: { create: TranslationCreate, update: TranslationUpdate, list: TranslationListQuery },
    search: [translation.key, translation.zh, translation.en],
    filters: (q, ctx) => [
      q.range === 'all' ? eq(translation.schoolId, ALL_SCHOOLS) : undefined,
      q.range === 'school' ? ctx.scope.where(translation) : undefined,
    ],
    orderBy: [asc(translation.key), asc(translation.schoolId)],
    unique: [
      {
        field: 'key',
        labelKey: 'system.transition.field.key',
        columns: [translation.schoolId, translation.key],
        constraint: 'translation_school_key_uq',
      },
    ],
    toValues: ({ ctx, input }) => {
      const { id: _id, allSchools, ...rest } = input as TranslationCreate & { id?: number };
      return { ...rest, schoolId: allSchools ? ALL_SCHOOLS : ctx.schoolId };
    },
    toDto: (r): Translation => ({
      id: r.id,
      key: r.key,
      zh: r.zh,
      en: r.en,
      allSchools: r.schoolId === ALL_SCHOOLS,
      updatedAt: r.updatedAt.toISOString(),
    }),
    hooks: {
      beforeSave: async ({ ctx, input, existing }) => {
        if ((input as TranslationCreate).allSchools || existing?.schoolId === ALL_SCHOOLS) await mayManageAll(ctx);
      },
      beforeDelete: async ({ ctx, rows }) => {
        if (rows.some((r) => r.schoolId === ALL_SCHOOLS)) await mayManageAll(ctx);
      },
      afterChange: (ctx) => reloadOverrides(ctx.db),
    },
    export: {
      fileNameKey: 'system.transition.file',
      columns: [
        { labelKey: 'system.transition.field.key', value: (d) => d.key, width: 40 },
        { labelKey: 'system.transition.field.zh', value: (d) => d.zh, width: 40 },
        { labelKey: 'system.transition.field.en', value: (d) => d.en, width: 40 },
        {
          labelKey: 'system.transition.field.range',
          value: (d, t) => t(`system.transition.range.${d.allSchools ? 'all' : 'school'}`),
        },
      ],
    },
  });

  // Public: the web shell loads it at start (before sign-in too) and merges it into i18next.
  route(app, {
    url: TRANSLATION_PATHS.overrides,
    access: 'public',
    handler: ({ db, scope }) => overridesFor(db, scope),
  });

  route(app, {
    url: TRANSLATION_PATHS.serverKeys,
    access: TRANSLATION_PERMISSION,
    handler: (): ServerKey[] =>
      Object.entries(allMessages())
        .map(([key, v]) => ({ key, zh: v.zh, en: v.en }))
        .sort((a, b) => a.key.localeCompare(b.key)),
  });
}
