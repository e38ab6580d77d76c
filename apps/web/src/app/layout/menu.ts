import { matchPath } from 'react-router';
import type { MenuNode } from '../auth/session.ts';
import { HOME_PATH } from '../constants.ts';
import { mainPages, type PageDef } from '../pages.ts';

export const isExternal = (url?: string) => !!url && /^https?:\/\//i.test(url);

/** Where a menu entry leads: its route, or /iframe for an external link. */
export function routeOf(node: MenuNode): string | undefined {
  if (!node.url) return undefined;
  if (isExternal(node.url)) return `/iframe?url=${encodeURIComponent(node.url)}`;
  return node.url.startsWith('/') ? node.url : `/${node.url}`;
}

export function menuTitle(node: MenuNode, lang: string): string {
  return (lang === 'en' ? node.MenuEnName : node.MenuName) || node.MenuName || node.MenuEnName || node.code;
}

/**
 * A tab's title. Home is always Home (it has no menu entry, and must not carry a menu's name either); else the
 * menu name in the current language, the page's own title (its titleKey), the menu name in the other language,
 * and only for a page nobody named, its path. `text` gives a key's text, or undefined when it has none.
 */
export function tabTitle(
  tab: { pathname: string; search: string },
  menus: MenuNode[],
  lang: string,
  text: (key: string) => string | undefined,
): string {
  const own = (key?: string) => (key ? text(key) : undefined);
  if (tab.pathname.toLowerCase() === HOME_PATH.toLowerCase()) return own('app.home') ?? tab.pathname;
  const node = findMenu(menus, tab.pathname, tab.search);
  const [mine, other] = lang === 'en' ? [node?.MenuEnName, node?.MenuName] : [node?.MenuName, node?.MenuEnName];
  return mine || own(pageFor(tab.pathname)?.titleKey) || other || tab.pathname;
}

/** The staff layout's screen of each path asked so far: matching a path tries every page's pattern in turn. */
const mainPageOf = new Map<string, PageDef | undefined>();

export function pageFor(pathname: string, pages: PageDef[] = mainPages): PageDef | undefined {
  if (pages === mainPages && mainPageOf.has(pathname)) return mainPageOf.get(pathname);
  const page = pages.find((p) => matchPath({ path: p.path, end: true }, pathname));
  if (pages === mainPages) mainPageOf.set(pathname, page);
  return page;
}

/** Only menu entries whose route has a registered screen are shown; empty folders disappear with them. */
export function visibleMenus(nodes: MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of nodes) {
    // Hidden entries are reached from other screens; they still name their tabs (findMenu).
    if (n.hidden) continue;
    const children = n.children?.length ? visibleMenus(n.children) : [];
    const route = routeOf(n);
    const own = route ? !!pageFor(route.split('?')[0]) : false;
    if (children.length) out.push({ ...n, children });
    else if (own) out.push({ ...n, children: undefined });
  }
  return out;
}

/**
 * The screens a user may pin as home shortcuts: the menu entries they may open (the session's menus are already
 * those) that lead to a built screen — the side menu's own rule (`visibleMenus`), so the picker never offers a
 * screen only named in the menu tree — less external links and the home page itself.
 */
export function pinnableScreens(nodes: MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      if (n.url && !isExternal(n.url) && n.url !== HOME_PATH) out.push(n);
      if (n.children) walk(n.children);
    }
  };
  walk(visibleMenus(nodes));
  return out;
}

/**
 * The menu entry of a location, used for tab titles; for /iframe the embedded URL identifies the entry, which
 * is how a reload on an embedded child page rebuilds its title from the stored menu data.
 */
export function findMenu(nodes: MenuNode[], pathname: string, search = ''): MenuNode | undefined {
  const embedded = pathname === '/iframe' ? new URLSearchParams(search).get('url') : null;
  for (const n of nodes) {
    if (embedded ? n.url === embedded : n.url && !isExternal(n.url) && samePath(n.url, pathname)) return n;
    const c = n.children && findMenu(n.children, pathname, search);
    if (c) return c;
  }
  return undefined;
}

function samePath(url: string, pathname: string): boolean {
  const u = (url.startsWith('/') ? url : `/${url}`).split('?')[0].replace(/\/$/, '');
  return u.toLowerCase() === pathname.replace(/\/$/, '').toLowerCase();
}

/** Ancestors' keys of the entry for a path (to open the side menu on it). */
export function menuTrail(nodes: MenuNode[], match: MenuNode | undefined, trail: string[] = []): string[] | null {
  if (!match) return null;
  for (const n of nodes) {
    if (n === match || n.id === match.id) return trail;
    const r = n.children && menuTrail(n.children, match, [...trail, String(n.id)]);
    if (r) return r;
  }
  return null;
}
