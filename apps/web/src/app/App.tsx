import { ConfigProvider } from 'antd';
import { Suspense } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { allPages } from './pages.ts';

/** Root: providers and the hash router (spec §2). The layout shell lives in app/layout. */
export function App() {
  return (
    <ConfigProvider>
      <HashRouter>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/" element={<Navigate to="/home" replace />} />
            <Route path="/home" element={<Navigate to="/data-analysis" replace />} />
            {allPages.map((p) => (
              <Route key={p.path} path={p.path} element={<p.component />} />
            ))}
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Routes>
        </Suspense>
      </HashRouter>
    </ConfigProvider>
  );
}
