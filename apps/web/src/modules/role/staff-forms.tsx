import { P } from '@shuyuan/contracts/common/paths';
import { StaffUserCreate, UserPasswordReset } from '@shuyuan/contracts/role/staff';
import { Form, type FormInstance, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PasswordFields } from '../../app/forms/PasswordFields.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

/**
 * Validates with the form's rules, then the shared contract (messages are i18n keys), then posts; server
 * field issues (duplicate account, school password policy) go under their fields. Resolves true on success.
 */
async function submitWith(
  form: FormInstance,
  schema: z.ZodType,
  url: string,
  extra: Record<string, unknown>,
  t: (k: string) => string,
): Promise<boolean> {
  const values = await form.validateFields().catch(() => null);
  if (!values) return false;
  const parsed = schema.safeParse({ ...values, ...extra });
  if (!parsed.success) {
    form.setFields(parsed.error.issues.map((i) => ({ name: i.path as string[], errors: [t(i.message)] })));
    return false;
  }
  try {
    await api.post(url, parsed.data, { showError: false });
    return true;
  } catch (e) {
    if (!fieldErrors(form, e)) notify.error(e instanceof Error ? e.message : String(e));
    return false;
  }
}

function FormModal(props: {
  title: string;
  onClose: () => void;
  submit: (form: FormInstance) => Promise<boolean>;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    setBusy(true);
    try {
      if (await props.submit(form)) props.onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={props.title}
      onCancel={props.onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText={t('kit.form.save')}
      cancelText={t('kit.form.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {props.children}
      </Form>
    </Modal>
  );
}

/** 'New account': a staff account of the school, created straight into this role. */
export function NewStaffModal({
  roleId,
  onClose,
  onDone,
}: {
  roleId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const submit = async (form: FormInstance) => {
    const done = await submitWith(form, StaffUserCreate, `${P}/Role/AddStaffUser`, { roleId }, t);
    if (done) {
      notify.success(t('role.staff.created'));
      onDone();
    }
    return done;
  };
  return (
    <FormModal title={t('role.staff.new')} onClose={onClose} submit={submit}>
      <Form.Item name="account" label={t('role.users.account')} required>
        <Input maxLength={50} autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={t('role.users.name')} required>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="enName" label={t('role.staff.enName')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="email" label={t('role.staff.email')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="phone" label={t('role.staff.phone')}>
        <Input maxLength={11} />
      </Form.Item>
      <PasswordFields name="password" label={t('role.staff.password')} confirmLabel={t('role.staff.confirmPassword')} />
    </FormModal>
  );
}

/** Sets a new password for a member; the server signs them out everywhere. */
export function ResetPasswordModal({ user, onClose }: { user: { id: number; account: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const submit = async (form: FormInstance) => {
    const done = await submitWith(form, UserPasswordReset, `${P}/Role/ResetUserPassword`, { userId: user.id }, t);
    if (done) notify.success(t('role.staff.resetDone'));
    return done;
  };
  return (
    <FormModal title={t('role.staff.resetTitle', { account: user.account })} onClose={onClose} submit={submit}>
      <PasswordFields name="password" label={t('role.staff.password')} confirmLabel={t('role.staff.confirmPassword')} />
    </FormModal>
  );
}
