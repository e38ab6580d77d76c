import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { CONFIG_VERSION, configOf, noteRequestConfig } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { RESOURCE_RULES } from '../holdings/resource-auth.ts';
import { school } from '../school/school.table.ts';
import { getSetting } from '../settings/settings.service.ts';

/**
 * The public site is open for this school: the school exists and is active, and its setting "open the public
 * search site" (`opac.enabled`, /basic-config) is on. Otherwise a clear refusal in the caller's language.
 */
export async function assertOpen(db: Db, scope: Scope): Promise<void> {
  // The configuration version comes with the school's state: the settings and resource rules this request reads
  // next are then taken from the remembered snapshot, with no statement of their own (anonymous callers have no
  // callers' check to read it for them).
  const [s] = await db
    .select({ state: school.state, config: CONFIG_VERSION })
    .from(school)
    .where(eq(school.id, scope.schoolId));
  if (s) noteRequestConfig(db, s.config);
  if (s?.state !== 1) throw fail('SCHOOL_NOT_FOUND', 'opac.schoolNotFound');
  if (!(await getSetting<boolean>(db, scope, 'opac.enabled'))) throw fail('OPAC_CLOSED', 'opac.closed');
}

/**
 * Whether copy `c` (an alias of `copy`) may be shown on the public site, by the school's resource-access rules
 * ("can view"; holdings/resource-auth.ts `accessBy`: the most specific rule for the copy's branch, its record's
 * resource type and its location decides, ties to the older rule). `null` when no rule hides anything: then
 * every copy is visible and the search adds no condition.
 */
export async function copyVisibleSql(db: Db, scope: Scope, c = sql`c`): Promise<SQL | null> {
  const rules = await configOf(db, scope, RESOURCE_RULES);
  if (!rules.some((x) => !x.canView)) return null;
  return canViewSql(sql`${scope.schoolId}`, c);
}

/**
 * The resource rules' "can view" of copy `c` in the school `schoolId` (a value or a column: the union search
 * passes `c.school_id` to judge the copies of many schools in one statement).
 */
export function canViewSql(schoolId: SQL, c = sql`c`): SQL {
  return sql`coalesce((select ra.can_view from resource_auth ra
    where ra.school_id = ${schoolId}
      and (ra.branch_id is null or ra.branch_id = ${c}.branch_id)
      and (ra.location_id is null or ra.location_id = ${c}.location_id)
      and (ra.resource_type_id is null or ra.resource_type_id =
        (select rr.resource_type_id from catalogue_record rr where rr.id = ${c}.record_id))
    order by (case when ra.branch_id is null then 0 else 4 end) + (case when ra.resource_type_id is null then 0 else 2 end)
      + (case when ra.location_id is null then 0 else 1 end) desc, ra.id
    limit 1), true)`;
}

/**
 * A record shows on the public site unless it has copies and the rules hide every one of them (a record
 * without copies — an e-resource, a title on order — is shown).
 */
/** A copy the public sees: not weeded (store 3), and visible by the rules (`visible` from copyVisibleSql). */
export function publicCopySql(visible: SQL | null, c = sql`c`): SQL {
  return visible ? sql`(${c}.store_type <> 3 and ${visible})` : sql`${c}.store_type <> 3`;
}

export function recordVisibleSql(scope: Scope, visible: SQL | null): SQL | undefined {
  if (!visible) return undefined;
  return sql`(exists (select 1 from copy c where c.school_id = ${scope.schoolId} and c.record_id = catalogue_record.id and ${visible})
    or not exists (select 1 from copy c where c.school_id = ${scope.schoolId} and c.record_id = catalogue_record.id))`;
}
