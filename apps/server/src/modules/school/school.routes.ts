import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  SCHOOL_PERMISSION,
  type School,
  SchoolCreate,
  SchoolListQuery,
  SchoolUpdate,
} from '@shuyuan/contracts/school/school';
import { fail } from '../../platform/errors.ts';
import { Scope } from '../../platform/tenancy.ts';
import { ensureSchoolBasics } from '../basic/basic.seed.ts';
import { ensureDefaultRules } from '../circulation/rules.service.ts';
import { ensureDefaultBarcodeRule } from '../printing/barcode-rules.service.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { school } from './school.table.ts';
import { createSchoolAdmin, removeSchoolOwn, schoolAdmins, schoolInUse, schoolSubtree } from './school.service.ts';
import './school.messages.ts';

type SchoolRow = typeof school.$inferSelect;

/**
 * /sys/company. The school table is install-wide (`global`), so the kit's school scope does not apply; the
 * `visible` rule limits every read and write to the caller's school and the schools beneath it (README.md).
 */
export function schoolRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Organiza',
    entity: 'School',
    table: school,
    global: true,
    visible: (ctx) => schoolSubtree(ctx.schoolId),
    permission: SCHOOL_PERMISSION,
    audit: 'school',
    contracts: { create: SchoolCreate, update: SchoolUpdate, list: SchoolListQuery },
    search: [school.name, school.code, school.enName, school.address, school.area, school.district],
    filters: (q) => [q.state === undefined ? undefined : eq(school.state, q.state)],
    orderBy: [asc(school.id)],
    unique: [
      {
        field: 'code',
        labelKey: 'system.company.field.code',
        columns: [school.code],
        constraint: 'school_code_uq',
        ignoreCase: true,
      },
    ],
    // A new school hangs below the school its creator works in; the admin fields are not school columns.
    toValues: ({ ctx, input, existing }) => {
      const {
        id: _id,
        adminAccount: _a,
        adminPassword: _p,
        adminName: _n,
        ...values
      } = input as SchoolCreate & {
        id?: number;
      };
      return existing ? values : { ...values, parentId: ctx.schoolId };
    },
    toDto: async (r: SchoolRow, ctx): Promise<School> => {
      const admin = (await schoolAdmins(ctx.db, [r.id])).get(r.id);
      return {
        id: r.id,
        code: r.code,
        name: r.name,
        enName: r.enName ?? '',
        address: r.address,
        learningPeriod: r.learningPeriod,
        area: r.area,
        province: r.province,
        city: r.city,
        district: r.district,
        themeColor: r.themeColor ?? null,
        parentId: r.parentId,
        state: r.state,
        adminAccount: admin?.account ?? '',
        adminName: admin?.name ?? '',
        current: r.id === ctx.schoolId,
      };
    },
    hooks: {
      beforeSave: ({ ctx, input, existing }) => {
        if (existing?.id === ctx.schoolId && (input as SchoolUpdate).state === 0)
          throw fail('SCHOOL_SELF', 'system.company.error.self');
      },
      afterSave: async ({ ctx, db, input, existing, row }) => {
        if (!existing) {
          await createSchoolAdmin(db, row.id, input as SchoolCreate, ctx.t('system.company.adminRole'));
          await ensureSchoolBasics(db, row.id);
          await ensureDefaultRules(db, new Scope(row.id));
          await ensureDefaultBarcodeRule(db, new Scope(row.id));
        }
      },
      beforeDelete: async ({ ctx, db, rows }) => {
        if (rows.some((r) => r.id === ctx.schoolId)) throw fail('SCHOOL_SELF', 'system.company.error.self');
        for (const r of rows)
          if (await schoolInUse(db, r.id)) throw fail('IN_USE', 'system.company.error.inUse', { name: r.name });
        await removeSchoolOwn(
          db,
          rows.map((r) => r.id),
        );
      },
    },
    export: {
      fileNameKey: 'system.company.file',
      columns: [
        { labelKey: 'system.company.field.name', value: (d) => d.name, width: 28 },
        { labelKey: 'system.company.field.code', value: (d) => d.code },
        { labelKey: 'system.company.field.address', value: (d) => d.address, width: 36 },
        { labelKey: 'system.company.field.learningPeriod', value: (d) => d.learningPeriod },
        { labelKey: 'system.company.field.area', value: (d) => d.area },
        {
          labelKey: 'system.company.field.region',
          value: (d) => [d.province, d.city, d.district].filter(Boolean).join('/'),
        },
        { labelKey: 'system.company.field.adminAccount', value: (d) => d.adminAccount },
        { labelKey: 'system.company.field.state', value: (d, t) => t(`system.company.state.${d.state}`), width: 10 },
      ],
    },
  });
}
