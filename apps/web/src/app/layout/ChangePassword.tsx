import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../auth/oidc.ts';
import { OldPasswordField, PasswordFields } from '../forms/PasswordFields.tsx';
import { api, fieldErrors } from '../http.ts';
import { notify } from '../notify.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change password (spec §7 updatePassword); on success the user must sign in again (spec §8). */
export function ChangePassword({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    // Invalid input is shown under the fields by the form itself.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await api.post('/micro/basic/open/user/updatePassword', values);
      notify.success(t('app.password.changed'));
      onClose();
      setTimeout(() => void signOut(), 1500);
    } catch (e) {
      fieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('app.password.title')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <OldPasswordField />
        <PasswordFields name="newPassword" label={t('app.password.new')} confirmLabel={t('app.password.confirm')} />
      </Form>
    </Modal>
  );
}
