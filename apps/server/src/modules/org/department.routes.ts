import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type DepartmentKind,
  DepartmentCreate,
  DepartmentListQuery,
  DepartmentUpdate,
} from '@shuyuan/contracts/org/department';
import { fail } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import type { Ctx } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { appUser } from '../auth/user.table.ts';
import { clearOtherDefaults, mustExist, nameOf, refuseIfUsed } from '../basic/refs.ts';
import { department } from './department.table.ts';

type Input = { kind: DepartmentKind; parentId: number | null; instructorId: number | null };

/** The parent must be a department of the same school and kind, and never the department itself or below it. */
async function checkParent(db: Db, ctx: Ctx<any>, input: Input, selfId?: number): Promise<void> {
  if (input.parentId == null) return;
  const scope = new Scope(ctx.schoolId);
  const rows = await db
    .select({ id: department.id, parentId: department.parentId, kind: department.kind })
    .from(department)
    .where(scope.where(department));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parent = byId.get(input.parentId);
  if (!parent || parent.kind !== input.kind) throw fail('DEPARTMENT_PARENT', 'org.department.parentInvalid');
  for (let p: typeof parent | undefined = parent; p; p = p.parentId != null ? byId.get(p.parentId) : undefined) {
    if (p.id === selfId) throw fail('DEPARTMENT_CYCLE', 'org.department.cycle');
  }
}

/**
 * Departments are served three times over one table: /department/dept-manage sees both kinds, /dept only
 * teaching departments and /orgdept only administrative ones (each with its own permission code).
 */
function departmentResource(app: FastifyInstance, entity: string, permission: string, fixedKind?: DepartmentKind) {
  return defineResource(app, {
    area: 'Org',
    entity,
    table: department,
    permission,
    audit: 'department',
    contracts: { create: DepartmentCreate, update: DepartmentUpdate, list: DepartmentListQuery },
    visible: () => (fixedKind ? eq(department.kind, fixedKind) : undefined),
    search: [department.name, department.code],
    filters: (q) => [
      q.state === undefined ? undefined : eq(department.state, q.state),
      q.kind === undefined ? undefined : eq(department.kind, q.kind),
    ],
    orderBy: [asc(department.sort), asc(department.id)],
    tree: { parent: department.parentId },
    toValues: ({ input }) => {
      const { id: _id, ...rest } = input as typeof input & { id?: number };
      return fixedKind ? { ...rest, kind: fixedKind } : rest;
    },
    toDto: async (r, ctx) => ({
      ...r,
      instructorName: await nameOf(ctx, appUser, appUser.name, r.instructorId),
    }),
    hooks: {
      beforeSave: async ({ ctx, db, input, existing }) => {
        const v = { ...(input as Input), kind: fixedKind ?? (input as Input).kind };
        await checkParent(db, ctx, v, existing?.id);
        await mustExist(db, ctx, appUser, v.instructorId, 'instructorId', 'org.department.instructorInvalid');
      },
      afterSave: async ({ ctx, db, row }) => {
        if (row.isDefault)
          await clearOtherDefaults(db, ctx, department, department.isDefault, row.id, eq(department.kind, row.kind));
      },
      beforeDelete: async ({ ctx, db, rows }) => {
        const ids = rows.map((r) => r.id);
        // A department whose children are not deleted with it stays.
        const [child] = await db
          .select({ id: department.id })
          .from(department)
          .where(
            new Scope(ctx.schoolId).where(
              department,
              inArray(department.parentId, ids),
              notInArray(department.id, ids),
            ),
          )
          .limit(1);
        if (child) throw fail('IN_USE', 'org.department.hasChildren');
        await refuseIfUsed(db, ctx, appUser, appUser.departmentId, ids, 'org.department.hasUsers');
      },
    },
    export:
      fixedKind === undefined
        ? {
            fileNameKey: 'org.department.file',
            columns: [
              { labelKey: 'org.department.name', value: (d) => d.name },
              { labelKey: 'org.department.code', value: (d) => d.code },
              { labelKey: 'org.department.kind', value: (d, t) => t(`org.department.kind.${d.kind}`) },
              { labelKey: 'org.department.instructor', value: (d) => d.instructorName },
              { labelKey: 'org.field.state', value: (d, t) => t(d.state === 1 ? 'org.field.on' : 'org.field.off') },
              { labelKey: 'org.field.sort', value: (d) => d.sort },
            ],
          }
        : undefined,
  });
}

export function departmentRoutes(app: FastifyInstance): void {
  departmentResource(app, 'Department', 'department.dept-manage');
  departmentResource(app, 'Dept', 'dept', 'dept');
  departmentResource(app, 'OrgDept', 'orgdept', 'org');
}
