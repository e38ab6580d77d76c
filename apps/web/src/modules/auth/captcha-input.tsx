import { Tooltip } from 'antd';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  image: string | null;
  onRefresh: () => void;
}

/** Verification code field with its picture; a click on the picture asks for a new one. */
export function CaptchaInput({ value, onChange, image, onRefresh }: Props) {
  const { t } = useTranslation();
  return (
    <div className="auth-captcha">
      <Input
        size="large"
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={t('auth.login.captcha')}
        maxLength={8}
        autoComplete="off"
      />
      <Tooltip title={t('auth.login.captchaRefresh')}>
        <button
          type="button"
          className="auth-captcha-img"
          onClick={onRefresh}
          aria-label={t('auth.login.captchaRefresh')}
        >
          {image ? <img src={image} alt={t('auth.login.captcha')} /> : <span>…</span>}
        </button>
      </Tooltip>
    </div>
  );
}
