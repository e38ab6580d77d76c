import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { UserListQuery } from '@shuyuan/contracts/org/open';
import { route } from '../../platform/route.ts';
import { school } from '../school/school.table.ts';
import { getSetting } from '../settings/settings.service.ts';
import { eq } from 'drizzle-orm';
import { orgContact } from './organization.table.ts';
import { departmentsAll, gradesAll, gradeTree, nest, stagesAll, userPage, usersSimple } from './org.service.ts';

const B = '/micro/basic/open';
/** Who may read people: the users list is the readers screen's; the name list picks head teachers (classes). */
const READERS = 'department.user-transfer';
const CLASSES = 'class';
const CONTACTS = 'organization';

/**
 * The organisation look-ups of spec §7 (GET). The school's structure (departments, grades, classes, stages, its
 * name and logo) is for any signed-in member; people (users, contacts) need the permission of the screen that
 * shows them.
 */
export function orgOpenRoutes(app: FastifyInstance): void {
  const get = (
    url: string,
    handler: Parameters<typeof route>[1]['handler'],
    summary: string,
    access: Parameters<typeof route>[1]['access'] = 'school',
  ) => route(app, { method: 'GET', url, access, summary, handler });

  get(
    `${B}/department/getDepartmentTree`,
    async ({ db, scope }) => nest(await departmentsAll(db, scope, 'dept')),
    'Teaching departments as a tree',
  );
  get(
    `${B}/department/getOrgDepartmentTree`,
    async ({ db, scope }) => nest(await departmentsAll(db, scope, 'org')),
    'Administrative departments as a tree',
  );
  get(
    `${B}/department/getDepartmentAll`,
    ({ db, scope }) => departmentsAll(db, scope, 'dept'),
    'Teaching departments, flat',
  );
  get(
    `${B}/department/getOrgDepartmentAll`,
    ({ db, scope }) => departmentsAll(db, scope, 'org'),
    'Administrative departments, flat',
  );
  get(`${B}/grade/getGradeTree`, ({ db, scope }) => gradeTree(db, scope), 'Grades with their classes');
  get(`${B}/grade/getGradeAll`, ({ db, scope }) => gradesAll(db, scope), 'Grades, flat');
  get(`${B}/learningStage/getLearningStageAll`, ({ db, scope }) => stagesAll(db, scope), 'Learning stages');
  get(
    `${B}/user/getUserSimpleAll`,
    ({ db, scope }) => usersSimple(db, scope),
    "The school's users: id, name, account (to pick a head teacher)",
    CLASSES,
  );

  route(app, {
    method: 'GET',
    url: `${B}/user/getUserList`,
    access: READERS,
    schema: UserListQuery,
    summary: "A page of the school's users (phone masked)",
    handler: ({ db, scope, body }) => userPage(db, scope, body),
  });

  get(
    '/micro/console/open/library/organization/getSchoolOrganization',
    ({ db, scope }) =>
      db
        .select({
          id: orgContact.id,
          title: orgContact.title,
          person: orgContact.person,
          phone: orgContact.phone,
          email: orgContact.email,
          remark: orgContact.remark,
        })
        .from(orgContact)
        .where(scope.where(orgContact))
        .orderBy(asc(orgContact.sort), asc(orgContact.id)),
    'School organisation contacts',
    CONTACTS,
  );

  get(
    `${B}/space/info`,
    async ({ db, scope, schoolId }) => {
      const [s] = await db.select().from(school).where(eq(school.id, schoolId)).limit(1);
      const logo = await getSetting<string>(db, scope, 'school.logo');
      return {
        id: s.id,
        code: s.code,
        name: s.name,
        enName: s.enName,
        logo: logo || null,
        theme: s.themeColor ?? {},
      };
    },
    "The school's space: name, logo, theme colours",
  );
}
