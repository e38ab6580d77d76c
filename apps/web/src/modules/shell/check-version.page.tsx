import { Alert, Card, Descriptions } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Set at build time by vite.config.ts. */
export const APP_VERSION = __APP_VERSION__;
export const BUILD_TIME = __BUILD_TIME__;

/** Shows the web app's version and build time and whether the server runs another version (stale cache). */
export default function CheckVersionPage() {
  const { t } = useTranslation();
  const [server, setServer] = useState<{ version?: string; status?: string } | null | 'error'>(null);
  useEffect(() => {
    fetch('/healthz', { cache: 'no-store' })
      .then((r) => r.json())
      .then(setServer)
      .catch(() => setServer('error'));
  }, []);
  const serverVersion = server && server !== 'error' ? server.version : undefined;

  return (
    <div style={{ maxWidth: 640, margin: '48px auto', padding: 16 }}>
      <Card title={t('shell.version.title')}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('shell.version.app')}>{APP_VERSION}</Descriptions.Item>
          <Descriptions.Item label={t('shell.version.built')}>
            {new Date(BUILD_TIME).toLocaleString()}
          </Descriptions.Item>
          <Descriptions.Item label={t('shell.version.server')}>
            {server === null ? '…' : (serverVersion ?? t('shell.version.unknown'))}
          </Descriptions.Item>
        </Descriptions>
        <div style={{ marginTop: 16 }}>
          {server === 'error' ? (
            <Alert type="error" title={t('shell.version.unreachable')} />
          ) : serverVersion && serverVersion !== APP_VERSION ? (
            <Alert type="warning" title={t('shell.version.differs')} />
          ) : serverVersion ? (
            <Alert type="success" title={t('shell.version.same')} />
          ) : null}
        </div>
      </Card>
    </div>
  );
}
