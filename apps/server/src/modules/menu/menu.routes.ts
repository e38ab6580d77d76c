import type { FastifyInstance } from 'fastify';
import { IdBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { MenuCreate, MenuUpdate, SchoolMenuQuery, SchoolMenuSet } from '@shuyuan/contracts/menu/menu-types';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { route } from '../../platform/route.ts';
import { addMenu, deleteMenu, getSchoolMenuOff, setSchoolMenuOff, updateMenu } from './menu-admin.service.ts';
import { allMenuRows, buildTree, schoolMenuTree, userMenus } from './menu.service.ts';

/**
 * Menus: the caller's menus at sign-in, the grantable tree for role editing, /sys/menu maintenance and
 * the school's menu authorisation. /sys/menu edits the install-wide tree, so whoever holds sys.menu is an
 * operator of the installation and may also authorise menus per school.
 */
export function menuRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Menu/GetUserMenus`,
    access: 'school',
    summary: 'Menus and operations the caller holds in the current school',
    handler: ({ db, scope, user }) => userMenus(db, scope, user!.permissions),
  });

  route(app, {
    url: `${P}/Menu/GetMenuTree`,
    access: 'school',
    summary: 'The whole menu tree with functions, for granting menus to roles',
    handler: ({ db, scope, user }) => {
      // Either screen needs the tree: role editing and menu maintenance.
      if (!hasPermission(user!, 'department.permission.role') && !hasPermission(user!, 'sys.menu')) throw forbidden();
      return schoolMenuTree(db, scope);
    },
  });

  route(app, {
    url: `${P}/Menu/GetMenuList`,
    access: 'sys.menu',
    summary: 'All menus (including switched-off built-in ones) as a tree, for /sys/menu',
    handler: async ({ db }) => buildTree(await allMenuRows(db)),
  });

  route(app, {
    url: `${P}/Menu/AddMenu`,
    access: 'sys.menu:add',
    schema: MenuCreate,
    audit: 'menu.add',
    handler: ({ db, body }) => addMenu(db, body),
  });

  route(app, {
    url: `${P}/Menu/UpdateMenu`,
    access: 'sys.menu:edit',
    schema: MenuUpdate,
    audit: 'menu.update',
    handler: ({ db, body }) => updateMenu(db, body),
  });

  route(app, {
    url: `${P}/Menu/DeleteMenu`,
    access: 'sys.menu:delete',
    schema: IdBody,
    audit: 'menu.delete',
    handler: ({ db, body }) => deleteMenu(db, body.id),
  });

  route(app, {
    url: `${P}/Menu/GetSchoolMenu`,
    access: 'sys.menu',
    schema: SchoolMenuQuery,
    summary: 'Menus a school is not authorised for',
    handler: ({ db, body }) => getSchoolMenuOff(db, body.schoolId),
  });

  route(app, {
    url: `${P}/Menu/SetSchoolMenu`,
    access: 'sys.menu:authorize',
    schema: SchoolMenuSet,
    audit: 'menu.schoolAuth',
    handler: ({ db, body }) => setSchoolMenuOff(db, body),
  });

  route(app, {
    method: 'GET',
    url: '/micro/console/v2/open/school/auth',
    access: 'school',
    summary: "The school's authorised menus and modules",
    handler: async ({ db, scope, schoolId }) => {
      const tree = await schoolMenuTree(db, scope);
      const menus: { id: number; code: string; url: string; MenuName: string; MenuEnName: string }[] = [];
      const walk = (list: typeof tree) => {
        for (const n of list) {
          menus.push({ id: n.id, code: n.code, url: n.url, MenuName: n.MenuName, MenuEnName: n.MenuEnName });
          walk(n.children);
        }
      };
      walk(tree);
      return { SchoolID: schoolId, modules: tree.map((n) => n.code), menus };
    },
  });
}
