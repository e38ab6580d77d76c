import type { FilterOptions } from '@shuyuan/contracts/statistics/filters';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { resourceType } from '../basic/branch.table.ts';
import { department } from '../org/department.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { schoolClock } from '../circ-records/records.query.ts';
import { term } from '../org/term.table.ts';

/**
 * What the report filters offer, in one call: terms, grades, classes, departments, locations, resource types, and
 * the school's today (the date pickers' default).
 */
export async function filterOptions(db: Db, scope: Scope): Promise<FilterOptions> {
  const [terms, grades, classes, departments, locations, types] = [
    await db
      .select({ id: term.id, name: term.name, from: term.startDate, to: term.endDate, current: term.isCurrent })
      .from(term)
      .where(scope.where(term))
      .orderBy(desc(term.startDate)),
    await db
      .select({ id: grade.id, name: grade.name })
      .from(grade)
      .where(scope.where(grade, eq(grade.state, 1)))
      .orderBy(asc(grade.sort), asc(grade.id)),
    await db
      .select({ id: schoolClass.id, name: schoolClass.name, gradeId: schoolClass.gradeId })
      .from(schoolClass)
      .where(scope.where(schoolClass, eq(schoolClass.state, 1)))
      .orderBy(asc(schoolClass.sort), asc(schoolClass.id)),
    await db
      .select({ id: department.id, name: department.name })
      .from(department)
      .where(scope.where(department, eq(department.state, 1)))
      .orderBy(asc(department.sort), asc(department.id)),
    await db
      .select({ id: location.id, name: location.name })
      .from(location)
      .where(scope.where(location))
      .orderBy(asc(location.sort), asc(location.id)),
    await db
      .select({ id: resourceType.id, name: resourceType.name, enName: resourceType.enName })
      .from(resourceType)
      .where(scope.where(resourceType))
      .orderBy(asc(resourceType.sort), asc(resourceType.id)),
  ];
  const { today } = await schoolClock(db, scope);
  return { terms, grades, classes, departments, locations, resourceTypes: types, today };
}
