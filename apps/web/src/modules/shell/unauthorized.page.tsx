import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH, signIn } from '../../app/auth/oidc.ts';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('shell.unauthorized.text')}
      extra={
        <Space>
          <Button onClick={() => navigate('/home')}>{t('common.backHome')}</Button>
          <Button type="primary" onClick={() => void signIn(HOME_PATH)}>
            {t('shell.unauthorized.signIn')}
          </Button>
        </Space>
      }
    />
  );
}
