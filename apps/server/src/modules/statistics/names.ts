import type { Lang } from '@shuyuan/contracts/common/lang';
import { clcClass } from '@shuyuan/contracts/statistics/clc';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { location } from '../basic/location.table.ts';
import { resourceType } from '../basic/branch.table.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { department } from '../org/department.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';

/** What a report's row key names. */
export type KeyKind =
  | 'grade'
  | 'class'
  | 'department'
  | 'location'
  | 'resourceType'
  | 'classNo'
  | 'identity'
  | 'record'
  | 'reader';

export interface Label {
  name: string;
  detail: string;
}

const ids = (keys: (string | number | null)[]) => [...new Set(keys.filter((k): k is number => typeof k === 'number'))];

/** The name (and second line) of each key, in the caller's language; a key that names nothing gets "none". */
export async function labels(
  db: Db,
  scope: Scope,
  kind: KeyKind,
  keys: (string | number | null)[],
  lang: Lang,
): Promise<Map<string | number | null, Label>> {
  const out = new Map<string | number | null, Label>();
  const none = t(lang, 'statistics.none', undefined, scope.schoolId);
  const n = ids(keys);
  const put = (rows: { id: number; name: string; detail?: string | null }[]) => {
    for (const r of rows) out.set(r.id, { name: r.name, detail: r.detail ?? '' });
  };
  if (kind === 'classNo') {
    for (const k of keys) {
      const c = clcClass(String(k ?? ''));
      out.set(k, { name: c ? `${c.code} ${lang === 'zh' ? c.zh : c.en}` : none, detail: '' });
    }
  } else if (kind === 'identity') {
    for (const k of keys)
      out.set(k, { name: t(lang, `statistics.identity.${k}`, undefined, scope.schoolId), detail: '' });
  } else if (n.length && kind === 'grade') {
    put(
      await db
        .select({ id: grade.id, name: grade.name })
        .from(grade)
        .where(scope.where(grade, inArray(grade.id, n))),
    );
  } else if (n.length && kind === 'class') {
    put(
      await db
        .select({ id: schoolClass.id, name: schoolClass.name, detail: grade.name })
        .from(schoolClass)
        .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
        .where(scope.where(schoolClass, inArray(schoolClass.id, n))),
    );
  } else if (n.length && kind === 'department') {
    put(
      await db
        .select({ id: department.id, name: department.name })
        .from(department)
        .where(scope.where(department, inArray(department.id, n))),
    );
  } else if (n.length && kind === 'location') {
    put(
      await db
        .select({ id: location.id, name: location.name })
        .from(location)
        .where(scope.where(location, inArray(location.id, n))),
    );
  } else if (n.length && kind === 'resourceType') {
    put(
      await db
        .select({ id: resourceType.id, name: resourceType.name, en: resourceType.enName })
        .from(resourceType)
        .where(scope.where(resourceType, inArray(resourceType.id, n)))
        .then((rows) => rows.map((r) => ({ id: r.id, name: lang === 'en' && r.en ? r.en : r.name }))),
    );
  } else if (n.length && kind === 'record') {
    put(
      await db
        .select({ id: catalogueRecord.id, name: catalogueRecord.title, detail: catalogueRecord.author })
        .from(catalogueRecord)
        .where(scope.where(catalogueRecord, inArray(catalogueRecord.id, n))),
    );
  } else if (n.length && kind === 'reader') {
    put(
      await db
        .select({ id: appUser.id, name: appUser.name, detail: schoolClass.name })
        .from(appUser)
        .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
        .where(scope.where(appUser, inArray(appUser.id, n))),
    );
  }
  for (const k of keys) if (!out.has(k)) out.set(k, { name: none, detail: '' });
  return out;
}
