import { Dropdown, type MenuProps, Tabs } from 'antd';
import { memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../constants.ts';
import { useSession } from '../auth/session.ts';
import { tabTitle } from './menu.ts';
import { fullPath, type Tab, tabKey, tabsStore, useTabs } from './tabs.ts';

/** Tab title (see tabTitle): home, menu name in the current language, the page's title key, … its path. */
export function useTabTitle(): (t: Pick<Tab, 'pathname' | 'search'>) => string {
  const { t, i18n } = useTranslation();
  const { menus } = useSession();
  const text = (key: string) => (i18n.exists(key) ? t(key) : undefined);
  return (tab) => tabTitle(tab, menus, i18n.language, text);
}

type TabAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/**
 * A tab's title with its context menu. Memo: with many tabs open, re-creating every tab's dropdown on each
 * navigation cost more than the switch itself; a label re-renders only when its tab or title changes.
 */
const TabLabel = memo(function TabLabel({
  tab,
  title,
  onAction,
}: {
  tab: Tab;
  title: string;
  onAction: (tab: Tab, action: TabAction) => void;
}) {
  const { t } = useTranslation();
  const menu: MenuProps = {
    items: [
      { key: 'refresh', label: t('app.tabs.refresh') },
      { key: 'close', label: t('app.tabs.close'), disabled: tab.affix },
      { key: 'closeOthers', label: t('app.tabs.closeOthers') },
      { key: 'closeAll', label: t('app.tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      onAction(tab, key as TabAction);
    },
  };
  return (
    <Dropdown menu={menu} trigger={['contextMenu']}>
      <span data-tab={tab.key}>{title}</span>
    </Dropdown>
  );
});

/** Visited-view tabs (spec §2) with refresh / close current / close others / close all; affix tabs stay. */
export function TabsBar() {
  const tabs = useTabs();
  const loc = useLocation();
  const navigate = useNavigate();
  const title = useTabTitle();
  const activeKey = tabKey(loc.pathname, loc.search);

  const go = (tab?: Tab) => navigate(tab ? fullPath(tab) : HOME_PATH);
  const act = (tab: Tab, action: TabAction) => {
    if (action === 'refresh') {
      tabsStore.refresh(tab.key);
      // The /redirect route re-opens the path, so the view mounts anew (and becomes active if it was not).
      navigate(`/redirect${fullPath(tab)}`, { replace: true });
    } else if (action === 'close') {
      const next = tabsStore.close(tab.key);
      if (tab.key === activeKey) go(next);
    } else if (action === 'closeOthers') {
      tabsStore.closeOthers(tab.key);
      if (tab.key !== activeKey) go(tab);
    } else if (action === 'closeAll') {
      go(tabsStore.closeAll());
    }
  };
  // The labels' menus act with this render's location and navigate, through one callback that never changes.
  const latest = useRef(act);
  latest.current = act;
  const onAction = useCallback((tab: Tab, action: TabAction) => latest.current(tab, action), []);

  return (
    <Tabs
      className="sy-tabs"
      type="editable-card"
      size="small"
      hideAdd
      activeKey={activeKey}
      onChange={(key) => go(tabs.find((x) => x.key === key))}
      onEdit={(key, action) => {
        const tab = tabs.find((x) => x.key === key);
        if (action === 'remove' && tab) act(tab, 'close');
      }}
      items={tabs.map((tab) => ({
        key: tab.key,
        closable: !tab.affix,
        label: <TabLabel tab={tab} title={title(tab)} onAction={onAction} />,
      }))}
      tabBarStyle={{ margin: 0 }}
    />
  );
}
