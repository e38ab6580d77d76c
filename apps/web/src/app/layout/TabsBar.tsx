import { Dropdown, type MenuProps, Tabs } from 'antd';
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

/** Visited-view tabs (spec §2) with refresh / close current / close others / close all; affix tabs stay. */
export function TabsBar() {
  const { t } = useTranslation();
  const tabs = useTabs();
  const loc = useLocation();
  const navigate = useNavigate();
  const title = useTabTitle();
  const activeKey = tabKey(loc.pathname, loc.search);

  const go = (tab?: Tab) => navigate(tab ? fullPath(tab) : HOME_PATH);
  const act = (tab: Tab, action: string) => {
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
  const menu = (tab: Tab): MenuProps => ({
    items: [
      { key: 'refresh', label: t('app.tabs.refresh') },
      { key: 'close', label: t('app.tabs.close'), disabled: tab.affix },
      { key: 'closeOthers', label: t('app.tabs.closeOthers') },
      { key: 'closeAll', label: t('app.tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      act(tab, key);
    },
  });

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
        label: (
          <Dropdown menu={menu(tab)} trigger={['contextMenu']}>
            <span data-tab={tab.key}>{title(tab)}</span>
          </Dropdown>
        ),
      }))}
      tabBarStyle={{ margin: 0 }}
    />
  );
}
