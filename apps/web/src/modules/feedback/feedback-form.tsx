import { P } from '@shuyuan/contracts/common/paths';
import { FeedbackCreate } from '@shuyuan/contracts/feedback/feedback';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors } from '../../app/http.ts';
import { ImageUpload } from '../settings/image-upload.tsx';

/** The "send feedback" dialog: title, content and one screenshot. */
export function FeedbackForm({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = FeedbackCreate.safeParse(form.getFieldsValue());
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as string[], errors: [t(i.message)] })));
      return;
    }
    setBusy(true);
    try {
      await api.post(`${P}/Feedback/AddFeedback`, parsed.data, { showError: false });
      form.resetFields();
      onSent();
    } catch (e) {
      fieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('feedback.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={{ screenshot: '' }}>
        <Form.Item name="title" label={t('feedback.col.title')} required>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="content" label={t('feedback.col.content')} required>
          <Input.TextArea rows={6} maxLength={4000} showCount />
        </Form.Item>
        <Form.Item name="screenshot" label={t('feedback.col.screenshot')}>
          <ImageUpload />
        </Form.Item>
      </Form>
    </Modal>
  );
}
