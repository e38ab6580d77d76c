import { PASSWORD_MIN_RESET } from '@shuyuan/contracts/common/validators';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A new password and its confirmation (spec §5 reset form: at least 6 characters; the two must agree). A school's
 * stricter policy is the server's to check: it comes back as a field issue under `name`.
 */
export function PasswordFields(props: { name: string; label: string; confirmName?: string; confirmLabel: string }) {
  const { t } = useTranslation();
  const confirmName = props.confirmName ?? 'confirmPassword';
  return (
    <>
      <Form.Item
        name={props.name}
        label={props.label}
        rules={[
          { required: true, message: t('app.password.required') },
          { min: PASSWORD_MIN_RESET, message: t('app.password.min', { min: PASSWORD_MIN_RESET }) },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={props.confirmLabel}
        dependencies={[props.name]}
        rules={[
          { required: true, message: t('app.password.required') },
          ({ getFieldValue }) => ({
            validator: (_r, v: string) =>
              !v || v === getFieldValue(props.name)
                ? Promise.resolve()
                : Promise.reject(new Error(t('app.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The current password, asked before a change (spec §5). */
export function OldPasswordField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="oldPassword"
      label={t('app.password.old')}
      rules={[{ required: true, message: t('app.password.required') }]}
    >
      <Input.Password autoComplete="current-password" />
    </Form.Item>
  );
}
