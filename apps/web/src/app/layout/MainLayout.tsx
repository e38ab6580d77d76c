import { App as AntApp, ConfigProvider, Layout } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSchool, themeOf, useSession } from '../auth/session.ts';
import { setMessageApi } from '../notify.ts';
import { useDayjsLocale } from './dayjs-locale.ts';
import { HeaderBar } from './HeaderBar.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TabsBar } from './TabsBar.tsx';
import { ViewHost } from './ViewHost.tsx';
import './layout.css';

const DEFAULT_BG = '#001529';

/** Registers antd's context-aware message API for code outside React (the HTTP client) while the layout is up. */
function MessageBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

/**
 * The staff layout (spec §2): header, side menu from the server, visited-view tabs, kept-alive views. The unit's
 * theme colours apply here: bgColor = header and menu background, btColor = primary colour (spec §1). Memo: the
 * gate above re-renders on every navigation; the parts that follow the location (menu, tabs, views) read it
 * themselves.
 */
export const MainLayout = memo(function MainLayout() {
  const { t, i18n } = useTranslation();
  useSession();
  useDayjsLocale();
  const [collapsed, setCollapsed] = useState(false);
  const theme = themeOf(currentSchool());
  const bg = theme.bgColor || DEFAULT_BG;

  // antd's App (message, modal and notification holders for App.useApp) sits outside the school theme, as it
  // did at the app root before it moved here to keep it out of the sign-in page.
  return (
    <AntApp>
      <MessageBinder />
      <ConfigProvider
        theme={{
          token: theme.btColor ? { colorPrimary: theme.btColor } : {},
          components: {
            Layout: { headerBg: bg, siderBg: bg, headerPadding: '0 12px', headerHeight: 52 },
            Menu: { darkItemBg: bg, darkSubMenuItemBg: 'rgba(0,0,0,0.18)', darkPopupBg: bg },
          },
        }}
      >
        <Layout className="sy-root">
          {/* Below 1200 px the menu folds to icons (the toggle still opens it); English names need more room. */}
          <Layout.Sider
            collapsible
            collapsed={collapsed}
            trigger={null}
            breakpoint="xl"
            onBreakpoint={setCollapsed}
            width={i18n.language.startsWith('en') ? 256 : 220}
            className="sy-sider"
          >
            <div className="sy-logo" title={t('app.name')}>
              {collapsed ? t('app.shortName').slice(0, 2) : t('app.name')}
            </div>
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
          <Layout>
            <Layout.Header className="sy-header-wrap">
              <HeaderBar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
            </Layout.Header>
            <div className="sy-tabs-wrap">
              <TabsBar />
            </div>
            <Layout.Content className="sy-content">
              <ViewHost />
            </Layout.Content>
          </Layout>
        </Layout>
      </ConfigProvider>
    </AntApp>
  );
});
