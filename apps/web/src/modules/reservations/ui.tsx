import { Button, Form, type FormInstance, Modal, Space, Tag } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/auth/permission.tsx';
import { useSession } from '../../app/auth/session.ts';
import { ApiError } from '../../app/http.ts';
import { issuesToFields } from '../../app/http-core.ts';
import { fmtMinute } from '../../kit/time.ts';

/** Small building blocks shared by the reservation, loss and reminder screens. */

export interface RowLink {
  key: string;
  /** i18n key */
  label: string;
  permission: string;
  /** Shown only when the row's state allows it. */
  show?: boolean;
  danger?: boolean;
  onClick: () => void;
}

/** Operation links of one row: only those the user may use and the row's state allows. */
export function ActionLinks({ links }: { links: RowLink[] }) {
  const { t } = useTranslation();
  const { operations } = useSession();
  const visible = links.filter((l) => l.show !== false && hasPermission(l.permission, operations));
  if (!visible.length) return null;
  return (
    <Space size={0} wrap>
      {visible.map((l) => (
        <Button key={l.key} type="link" size="small" danger={l.danger} onClick={l.onClick}>
          {t(l.label)}
        </Button>
      ))}
    </Space>
  );
}

const STATE_COLORS: Record<string, string> = {
  waiting: 'gold',
  ready: 'green',
  collected: 'blue',
  expired: 'red',
  cancelled: 'default',
  pending: 'gold',
  found: 'green',
  not_found: 'orange',
  not_compensated: 'red',
  compensated: 'blue',
  retrieved: 'green',
};

/** A state as a coloured tag; `prefix` is the i18n key prefix of the state names. */
export function StateTag({ value, prefix }: { value: string; prefix: string }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[value]}>{t(`${prefix}.${value}`)}</Tag>;
}

/**
 * A modal with a form: `onSubmit` gets the values; server field issues are shown under the fields, other
 * failures were already shown by the HTTP client and keep the modal open.
 */
export function FormModal<V extends Record<string, any>>({
  open,
  title,
  onClose,
  onSubmit,
  initial,
  children,
  okText,
  width,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: (values: V, form: FormInstance<V>) => Promise<void>;
  initial?: Partial<V>;
  children: ReactNode;
  okText?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  // The initial values are read when the modal opens (callers may pass a new object on every render).
  const initialRef = useRef(initial);
  initialRef.current = initial;
  useEffect(() => {
    if (open) {
      form.resetFields();
      if (initialRef.current) form.setFieldsValue(initialRef.current as any);
    }
  }, [open, form]);
  const ok = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(values, form);
    } catch (e) {
      if (e instanceof ApiError && e.issues?.length) form.setFields(issuesToFields(e.issues) as any);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={ok}
      confirmLoading={busy}
      okText={okText ?? t('common.ok')}
      cancelText={t('kit.form.cancel')}
      width={width}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={ok}>
        {children}
      </Form>
    </Modal>
  );
}

/** An event time (ISO, UTC) → 'YYYY-MM-DD HH:mm' in the browser's local time, for tables. */
export const shortTime = fmtMinute;
