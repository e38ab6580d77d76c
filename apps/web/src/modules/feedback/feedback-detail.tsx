import { P } from '@shuyuan/contracts/common/paths';
import type { FeedbackDto } from '@shuyuan/contracts/feedback/feedback';
import { Button, Checkbox, Descriptions, Drawer, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { fmtTime } from '../../kit/time.ts';
import { UploadedImage } from '../../kit/UploadedImage.tsx';

export const stateTag = (s: number, t: (k: string) => string) => (
  <Tag color={s === 1 ? 'green' : 'orange'}>{t(`feedback.state.${s}`)}</Tag>
);

/** One work order; administrators answer it here (and complete it). */
export function FeedbackDetail({
  row,
  onClose,
  onChanged,
}: {
  row: FeedbackDto | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const canReply = usePermission('feedback:reply');
  const reply = async (v: { reply: string; complete: boolean }) => {
    setBusy(true);
    try {
      await api.post(`${P}/Feedback/ReplyFeedback`, { id: row!.id, ...v }, { showError: false });
      form.resetFields();
      onChanged();
    } catch (e) {
      fieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer open={!!row} width={640} title={row?.title} onClose={onClose} destroyOnHidden>
      {row && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('feedback.col.user')}>{row.userName}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.col.createdAt')}>{fmtTime(row.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.col.state')}>{stateTag(row.state, t)}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.col.content')}>
              <div style={{ whiteSpace: 'pre-wrap' }}>{row.content}</div>
            </Descriptions.Item>
            {row.screenshot && (
              <Descriptions.Item label={t('feedback.col.screenshot')}>
                <UploadedImage src={row.screenshot} width={200} />
              </Descriptions.Item>
            )}
            {row.reply && (
              <Descriptions.Item label={t('feedback.col.reply')}>
                <div style={{ whiteSpace: 'pre-wrap' }}>{row.reply}</div>
                <div style={{ color: '#888' }}>
                  {row.repliedByName} · {fmtTime(row.repliedAt)}
                </div>
              </Descriptions.Item>
            )}
          </Descriptions>
          {canReply && row.state === 0 && (
            <Form
              form={form}
              layout="vertical"
              style={{ marginTop: 16 }}
              initialValues={{ complete: true }}
              onFinish={reply}
            >
              <Form.Item
                name="reply"
                label={t('feedback.col.reply')}
                rules={[{ required: true, message: t('feedback.replyRequired') }]}
              >
                <Input.TextArea rows={4} maxLength={4000} />
              </Form.Item>
              <Form.Item name="complete" valuePropName="checked">
                <Checkbox>{t('feedback.markCompleted')}</Checkbox>
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('feedback.sendReply')}
              </Button>
            </Form>
          )}
        </>
      )}
    </Drawer>
  );
}
