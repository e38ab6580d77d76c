import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { HOME_PATH } from './constants.ts';
import { DownloadPanelHost } from './downloads/PanelHost.tsx';
import { outsidePages } from './outside-pages.ts';
import { PageFrame } from './router/PageFrame.tsx';
import { MainGate } from './router/MainGate.tsx';

/**
 * The base text style antd's <App> gives its children (colour, font, size, line height). antd's App itself, with
 * its modal and notification holders, wraps the staff layout only (MainLayout): the sign-in page and the public
 * pages do not load it; their messages use antd's static API (notify.ts).
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const { colorText: color, fontSize, lineHeight, fontFamily } = token;
  return <div style={{ color, fontSize, lineHeight, fontFamily }}>{children}</div>;
}

/** Root: providers and the hash router (spec §2). The staff layout lives in app/layout. */
export function App() {
  const { i18n } = useTranslation();
  const zh = i18n.language !== 'en';

  return (
    <ConfigProvider locale={zh ? zhCN : enUS}>
      <BaseText>
        {/* Navigations render at once, not in a transition: a second menu click while the first page's transition
            render was still running replaced it, so the first location never committed and never became a tab. */}
        <HashRouter useTransitions={false}>
          <Routes>
            <Route path="/" element={<Navigate to="/home" replace />} />
            <Route path="/home" element={<Navigate to={HOME_PATH} replace />} />
            <Route path="/login" element={<Navigate to={HOME_PATH} replace />} />
            {/* Pages outside the staff layout: bare pages, the public search site and guide screens (no sign-in). */}
            {outsidePages.map((p) => (
              <Route key={p.path} path={p.path} element={<PageFrame page={p} />} />
            ))}
            {/* Everything else: a main-layout page (kept alive by the layout) or, if unknown, /404. */}
            <Route path="*" element={<MainGate />} />
          </Routes>
          <DownloadPanelHost />
        </HashRouter>
      </BaseText>
    </ConfigProvider>
  );
}
