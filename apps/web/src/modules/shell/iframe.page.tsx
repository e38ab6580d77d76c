import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Problem } from '../../app/router/Problem.tsx';

/**
 * Embeds an external link of the menu (`/iframe?url=…`); only http(s) addresses are embedded. A bad address is told
 * with the entry's Problem (antd's Result would bring its status pictures, ~10 KB gzip, into this light page).
 */
export default function IframePage() {
  const { t } = useTranslation();
  const url = new URLSearchParams(useLocation().search).get('url') ?? '';
  if (!/^https?:\/\//i.test(url)) return <Problem title={t('shell.iframe.badUrl')} />;
  return (
    <iframe
      title={url}
      src={url}
      style={{ width: '100%', height: 'calc(100vh - 130px)', border: 0, display: 'block' }}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
    />
  );
}
