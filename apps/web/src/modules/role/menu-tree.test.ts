import { describe, expect, it } from 'vitest';
import type { MenuRow } from '@shuyuan/contracts/menu/menu-types';
import { checkedKeys, grantTree, permissionsOf } from './menu-tree.ts';

const row = (code: string, url: string, fns: string[], children: MenuRow[] = []): MenuRow =>
  ({
    id: 0,
    code,
    url,
    MenuName: `名${code}`,
    MenuEnName: `en ${code}`,
    icon: '',
    sort: 0,
    hidden: false,
    parentId: null,
    functions: fns.map((v) => ({ code: `${code}:${v}`, name: v, enName: v })),
    state: 1,
    builtIn: true,
    edited: [],
    children,
  }) as MenuRow;

const menus = [
  row('sys', '', [], [row('sys.company', '/sys/company', ['add', 'delete']), row('sys.log', '/sys/log', [])]),
];

describe('grant tree', () => {
  it('makes every permission code a leaf, with a view leaf for screens that have operations', () => {
    const tree = grantTree(menus, true, 'View');
    expect(tree[0].key).toBe('m:sys');
    const company = tree[0].children![0];
    expect(company.key).toBe('m:sys.company');
    expect(company.children!.map((c) => c.key)).toEqual(['sys.company', 'sys.company:add', 'sys.company:delete']);
    expect(company.title).toBe('en sys.company');
    expect(tree[0].children![1]).toEqual({ key: 'sys.log', title: 'en sys.log' });
  });

  it('round-trips a role: view-only screens survive, groups of granted screens are added', () => {
    const tree = grantTree(menus, false, '查看');
    const perms = ['sys', 'sys.company', 'sys.log'];
    const checked = checkedKeys(tree, perms);
    expect(checked).toEqual(['sys.company', 'sys.log']);
    expect(permissionsOf(tree, checked)).toEqual(['sys', 'sys.company', 'sys.log']);
    // An operation alone grants its screen and group too; nothing checked grants nothing.
    expect(permissionsOf(tree, ['sys.company:add'])).toEqual(['sys', 'sys.company', 'sys.company:add']);
    expect(permissionsOf(tree, [])).toEqual([]);
  });
});
