import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { HOME_PATH } from './constants.ts';
import { DownloadPanel } from './downloads/DownloadPanel.tsx';
import { setMessageApi } from './notify.ts';
import { allPages } from './pages.ts';
import { PageFrame } from './router/PageFrame.tsx';
import { MainGate } from './router/MainGate.tsx';

/** Registers antd's context-aware message API for code outside React (the HTTP client). */
function MessageBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
}

/** Pages outside the staff layout: bare pages, the public search site and guide screens (no sign-in here). */
const outside = allPages.filter((p) => (p.layout ?? 'main') !== 'main');

/** Root: providers and the hash router (spec §2). The staff layout lives in app/layout. */
export function App() {
  const { i18n } = useTranslation();
  const zh = i18n.language !== 'en';
  useEffect(() => {
    dayjs.locale(zh ? 'zh-cn' : 'en');
  }, [zh]);

  return (
    <ConfigProvider locale={zh ? zhCN : enUS}>
      <AntApp>
        <MessageBinder />
        <HashRouter>
          <Routes>
            <Route path="/" element={<Navigate to="/home" replace />} />
            <Route path="/home" element={<Navigate to={HOME_PATH} replace />} />
            <Route path="/login" element={<Navigate to={HOME_PATH} replace />} />
            {outside.map((p) => (
              <Route key={p.path} path={p.path} element={<PageFrame page={p} />} />
            ))}
            {/* Everything else: a main-layout page (kept alive by the layout) or, if unknown, /404. */}
            <Route path="*" element={<MainGate />} />
          </Routes>
          <DownloadPanel />
        </HashRouter>
      </AntApp>
    </ConfigProvider>
  );
}
