import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** The provider says how binding went: success=1|true (or code=0), else error / msg explain the failure. */
export function connectOutcome(search: string): { ok: boolean; detail: string } {
  const q = new URLSearchParams(search);
  const flag = (q.get('success') ?? q.get('result') ?? q.get('status') ?? '').toLowerCase();
  const code = q.get('code');
  const ok = q.get('error') ? false : ['1', 'true', 'ok', 'success'].includes(flag) || code === '0';
  return { ok, detail: q.get('msg') ?? q.get('message') ?? q.get('error_description') ?? q.get('error') ?? '' };
}

/** Third-party account binding (/connect/oauth) and unbinding (/connect/unoauth) result pages. */
export function ConnectResult({ kind }: { kind: 'bind' | 'unbind' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ok, detail } = connectOutcome(useLocation().search);
  return (
    <Result
      status={ok ? 'success' : 'error'}
      title={t(`shell.connect.${kind}.${ok ? 'ok' : 'failed'}`)}
      subTitle={ok ? undefined : detail}
      extra={
        <Button type="primary" onClick={() => (window.opener ? window.close() : navigate('/home'))}>
          {t(window.opener ? 'common.close' : 'common.backHome')}
        </Button>
      }
    />
  );
}
