import { registerMessages } from '../../platform/i18n/messages.ts';
import type { ServerModule } from '../index.ts';
import { syncMenus } from './menu-sync.ts';
import { menuRoutes } from './menu.routes.ts';

registerMessages({
  'menu.nameRequired': { zh: '请输入菜单名称', en: 'Please enter the menu name' },
  'menu.codeInvalid': {
    zh: '编码只能包含字母、数字、点、横线和下划线',
    en: 'The code may only contain letters, digits, dots, dashes and underscores',
  },
  'menu.parentNotFound': { zh: '上级菜单不存在', en: 'The parent menu does not exist' },
  'menu.cycle': { zh: '不能把菜单移到它自己或其下级之下', en: 'A menu cannot be moved under itself or its children' },
  'menu.builtInDelete': {
    zh: '系统内置菜单不能删除，可以设为隐藏',
    en: 'Built-in menus cannot be deleted; hide them instead',
  },
  'menu.hasChildren': { zh: '请先删除下级菜单', en: 'Delete the child menus first' },
  'menu.schoolNotFound': { zh: '单位不存在', en: 'The unit does not exist' },
  'menu.notFound': { zh: '菜单不存在', en: 'Menu not found' },
});

export const menuModule: ServerModule = {
  name: 'menu',
  routes: menuRoutes,
  // Every start: bring the install-wide menu table in line with the built-in tree.
  seed: async (db) => {
    await syncMenus(db);
  },
};
