import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuNode } from './auth/session.ts';

// A registry of screens for these tests (the real one is collected from modules/*/pages.ts by Vite).
vi.mock('./pages.ts', () => {
  const C = () => null;
  const pages = [
    { path: '/data-analysis', component: C },
    { path: '/sys/company', component: C, titleKey: 'system.pages.company' },
    { path: '/sys/menu', component: C },
    { path: '/iframe', component: C },
    { path: '/redirect/*', component: C, noTab: true },
  ];
  return { allPages: pages, mainPages: pages };
});

const store = new Map<string, string>();
beforeAll(() => {
  (globalThis as any).sessionStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  };
});

const menus: MenuNode[] = [
  {
    id: 1,
    code: 'group.system',
    MenuName: '系统管理',
    MenuEnName: 'System',
    children: [
      { id: 2, code: 'sys.company', MenuName: '单位管理', MenuEnName: 'Units', url: '/sys/company' },
      { id: 3, code: 'sys.log', MenuName: '日志', MenuEnName: 'Logs', url: '/sys/log/operation' },
      { id: 4, code: 'sys.menu', MenuName: '菜单', MenuEnName: 'Menus', url: '/sys/menu', hidden: true },
    ],
  },
  {
    id: 5,
    code: 'group.empty',
    MenuName: '未实现',
    MenuEnName: 'Not yet',
    children: [{ id: 6, code: 'x', MenuName: 'x', url: '/not/built' }],
  },
  { id: 7, code: 'link', MenuName: '外链', MenuEnName: 'Link', url: 'https://example.org/a?b=1' },
];

describe('menu', () => {
  it('shows only entries with a registered screen (external links via /iframe), hides hidden ones', async () => {
    const { visibleMenus } = await import('./layout/menu.ts');
    const v = visibleMenus(menus);
    expect(v.map((n) => n.id)).toEqual([1, 7]);
    expect(v[0].children!.map((n) => n.id)).toEqual([2]);
  });

  it('offers as home shortcuts only built screens the user may open, never external links', async () => {
    const { pinnableScreens } = await import('./layout/menu.ts');
    // /not/built is in the menu tree but has no screen; /sys/menu is hidden; the link is external.
    expect(pinnableScreens(menus).map((n) => n.code)).toEqual(['sys.company']);
  });

  it('finds the entry of a path (case-insensitive) and of an embedded page by its URL', async () => {
    const { findMenu, menuTitle, routeOf } = await import('./layout/menu.ts');
    expect(findMenu(menus, '/SYS/company')?.id).toBe(2);
    const route = routeOf(menus[2])!;
    expect(route).toBe('/iframe?url=https%3A%2F%2Fexample.org%2Fa%3Fb%3D1');
    const [path, search] = route.split('?');
    const node = findMenu(menus, path, `?${search}`)!;
    expect([menuTitle(node, 'en'), menuTitle(node, 'zh')]).toEqual(['Link', '外链']);
    // Hidden entries still name their tab.
    expect(findMenu(menus, '/sys/menu')?.id).toBe(4);
  });
});

describe('visited-view tabs', () => {
  it('keeps the affix home tab through close, close others and close all', async () => {
    const { tabsStore } = await import('./layout/tabs.ts');
    tabsStore.visit('/sys/company', '');
    tabsStore.visit('/sys/menu', '?a=1');
    tabsStore.visit('/iframe', '?url=x');
    tabsStore.visit('/iframe', '?url=y');
    expect(tabsStore.get().map((t) => t.key)).toEqual([
      '/data-analysis',
      '/sys/company',
      '/sys/menu',
      '/iframe?url=x',
      '/iframe?url=y',
    ]);
    expect(tabsStore.close('/data-analysis')).toBeUndefined();
    expect(tabsStore.close('/sys/menu')?.key).toBe('/iframe?url=x');
    tabsStore.closeOthers('/sys/company');
    expect(tabsStore.get().map((t) => t.key)).toEqual(['/data-analysis', '/sys/company']);
    expect(tabsStore.closeAll()?.key).toBe('/data-analysis');
    expect(tabsStore.get()).toHaveLength(1);
  });

  it('refresh bumps the generation (re-mount) and the tabs survive a reload from the session', async () => {
    const { tabsStore } = await import('./layout/tabs.ts');
    tabsStore.visit('/sys/company', '?page=2');
    tabsStore.refresh('/sys/company');
    expect(tabsStore.get().find((t) => t.key === '/sys/company')?.gen).toBe(1);
    const saved = JSON.parse(store.get('shuyuan.tabs')!);
    expect(saved).toEqual([{ key: '/sys/company', pathname: '/sys/company', search: '?page=2', gen: 1 }]);
  });
});

describe('tab titles', () => {
  const texts: Record<string, string> = { 'app.home': 'Home', 'system.pages.company': 'Units (page)' };
  const text = (k: string) => texts[k];
  const named = (pathname: string, nodes: MenuNode[], lang = 'en') =>
    import('./layout/menu.ts').then((m) => m.tabTitle({ pathname, search: '' }, nodes, lang, text));
  const only = (over: Partial<MenuNode>): MenuNode[] => [
    { id: 9, code: 'c', MenuName: '', url: '/sys/company', ...over },
  ];

  it('names home Home whatever the menu says', async () => {
    expect(await named('/data-analysis', [])).toBe('Home');
    expect(
      await named('/data-analysis', [
        { id: 8, code: 'h', MenuName: '仪表盘', MenuEnName: 'Board', url: '/data-analysis' },
      ]),
    ).toBe('Home');
  });

  it('prefers the menu name in the current language, then the page title, then the other language', async () => {
    expect(await named('/sys/company', menus, 'zh')).toBe('单位管理');
    expect(await named('/sys/company', menus, 'en')).toBe('Units');
    expect(await named('/sys/company', only({ MenuName: '单位' }), 'en')).toBe('Units (page)');
    expect(await named('/sys/company', [], 'zh')).toBe('Units (page)');
    expect(await named('/sys/menu', only({ MenuName: '菜单', url: '/sys/menu' }), 'en')).toBe('菜单');
  });

  it('shows a path only for a page nobody named', async () => {
    expect(await named('/sys/menu', [])).toBe('/sys/menu');
  });
});
