import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CORNER_SCREENS,
  ClassCornerCreate,
  type ClassCornerDto,
  ClassCornerListQuery,
  ClassCornerUpdate,
} from '@shuyuan/contracts/class-corner/corner';
import { defineResource } from '../../platform/resource/define.ts';
import type { Ctx } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { location } from '../basic/location.table.ts';
import { mustExist, nameOf } from '../basic/refs.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { classCorner } from './class-corner.table.ts';

type CornerRow = typeof classCorner.$inferSelect;

/** Copies at the corner's location and how many of them are out now. */
export async function cornerCounts(ctx: Pick<Ctx<any>, 'db' | 'schoolId'>, locationIds: number[]) {
  if (!locationIds.length) return new Map<number, { copies: number; onLoan: number }>();
  const rows = await ctx.db
    .select({
      locationId: copy.locationId,
      copies: sql<number>`count(distinct ${copy.id})::int`,
      onLoan: sql<number>`count(${loan.id})::int`,
    })
    .from(copy)
    .leftJoin(loan, and(eq(loan.copyId, copy.id), isNull(loan.returnedAt)))
    .where(new Scope(ctx.schoolId).where(copy, inArray(copy.locationId, locationIds)))
    .groupBy(copy.locationId);
  return new Map(rows.map((r) => [r.locationId!, { copies: Number(r.copies), onLoan: Number(r.onLoan) }]));
}

export async function cornerDto(r: CornerRow, ctx: Ctx<any>): Promise<ClassCornerDto> {
  const [cls] = await ctx.db
    .select({ name: schoolClass.name, gradeName: grade.name })
    .from(schoolClass)
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(ctx.scope.where(schoolClass, eq(schoolClass.id, r.classId)));
  const counts = (await cornerCounts(ctx, [r.locationId])).get(r.locationId) ?? { copies: 0, onLoan: 0 };
  return {
    id: r.id,
    name: r.name,
    classId: r.classId,
    locationId: r.locationId,
    librarianId: r.librarianId,
    remark: r.remark,
    state: r.state,
    className: cls?.name ?? null,
    gradeName: cls?.gradeName ?? null,
    locationName: await nameOf(ctx, location, location.name, r.locationId),
    librarianName: await nameOf(ctx, appUser, appUser.name, r.librarianId),
    ...counts,
  };
}

/** Class corners are set up with the classes (/class): one corner per class, one class per location. */
export function cornerRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'ClassCorner',
    entity: 'ClassCorner',
    table: classCorner,
    permission: CORNER_SCREENS.setup,
    audit: 'classCorner',
    contracts: { create: ClassCornerCreate, update: ClassCornerUpdate, list: ClassCornerListQuery },
    search: [classCorner.name],
    filters: (q) => [q.state === undefined ? undefined : eq(classCorner.state, q.state)],
    orderBy: [asc(classCorner.name), asc(classCorner.id)],
    unique: [
      {
        field: 'classId',
        labelKey: 'classCorner.corner.class',
        columns: [classCorner.classId],
        constraint: 'class_corner_class_uq',
      },
      {
        field: 'locationId',
        labelKey: 'classCorner.corner.location',
        columns: [classCorner.locationId],
        constraint: 'class_corner_location_uq',
      },
    ],
    toDto: cornerDto,
    hooks: {
      beforeSave: async ({ ctx, db, input }) => {
        await mustExist(db, ctx, schoolClass, input.classId, 'classId', 'classCorner.corner.classInvalid');
        await mustExist(db, ctx, location, input.locationId, 'locationId', 'classCorner.corner.locationInvalid');
        await mustExist(db, ctx, appUser, input.librarianId, 'librarianId', 'classCorner.corner.librarianInvalid');
      },
    },
  });
}
