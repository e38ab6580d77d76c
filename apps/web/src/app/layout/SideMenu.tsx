import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  DeploymentUnitOutlined,
  EllipsisOutlined,
  HeartOutlined,
  HomeOutlined,
  PrinterOutlined,
  ReadOutlined,
  SettingOutlined,
  SyncOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type MenuNode, useSession } from '../auth/session.ts';
import { isLazyPage } from '../lazy-page.ts';
import { findMenu, menuTitle, menuTrail, pageFor, routeOf, visibleMenus } from './menu.ts';

/** Icons of the top-level groups of the menu tree (antd icon names); anything else gets the generic one. */
const ICONS: Record<string, ReactNode> = {
  AccountBookOutlined: <AccountBookOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  BookOutlined: <BookOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  DeploymentUnitOutlined: <DeploymentUnitOutlined />,
  EllipsisOutlined: <EllipsisOutlined />,
  HeartOutlined: <HeartOutlined />,
  HomeOutlined: <HomeOutlined />,
  PrinterOutlined: <PrinterOutlined />,
  ReadOutlined: <ReadOutlined />,
  SettingOutlined: <SettingOutlined />,
  SyncOutlined: <SyncOutlined />,
  TeamOutlined: <TeamOutlined />,
};

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[], lang: string, top: boolean): Item[] {
  return nodes.map((n) => {
    const icon = top ? (ICONS[n.icon ?? ''] ?? <AppstoreOutlined />) : undefined;
    const label = menuTitle(n, lang);
    if (n.children?.length) return { key: String(n.id), icon, label, children: toItems(n.children, lang, false) };
    return { key: String(n.id), icon, label, title: label, onMouseEnter: () => preload(n) };
  });
}

/** A pointer on an entry loads its screen's code, so that a click finds it there (or on its way). */
function preload(n: MenuNode): void {
  const page = pageFor((routeOf(n) ?? '').split('?')[0])?.component;
  if (isLazyPage(page)) void page.load().catch(() => {});
}

function index(nodes: MenuNode[], map = new Map<string, MenuNode>()): Map<string, MenuNode> {
  for (const n of nodes) {
    map.set(String(n.id), n);
    if (n.children) index(n.children, map);
  }
  return map;
}

/** Side menu from the server tree, in the current language, showing only entries that have a screen. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { i18n } = useTranslation();
  const { menus } = useSession();
  const loc = useLocation();
  const navigate = useNavigate();
  const tree = useMemo(() => visibleMenus(menus), [menus]);
  const byId = useMemo(() => index(tree), [tree]);
  const items = useMemo(() => toItems(tree, i18n.language, true), [tree, i18n.language]);
  const active = findMenu(tree, loc.pathname, loc.search);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  useEffect(() => {
    const trail = menuTrail(tree, active);
    if (trail && !collapsed) setOpenKeys((k) => [...new Set([...k, ...trail])]);
  }, [tree, active, collapsed]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={active ? [String(active.id)] : []}
      openKeys={collapsed ? undefined : openKeys}
      // Names on hover only for the folded menu (its icons): unfolded, antd still wrapped every entry in a tooltip
      // that never opens, re-rendered on each navigation.
      tooltip={collapsed ? undefined : false}
      onOpenChange={(k) => setOpenKeys(k as string[])}
      onClick={({ key }) => {
        const to = routeOf(byId.get(key)!);
        if (to) navigate(to);
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
