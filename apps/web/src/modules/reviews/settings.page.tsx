import { P } from '@shuyuan/contracts/common/paths';
import { REVIEW_SETTING_CODE } from '@shuyuan/contracts/reviews/review';
import type { ReviewSettings } from '@shuyuan/contracts/reviews/setting';
import { Button, Card, Col, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

const S = `${P}/BookReview`;
type FormValues = Omit<ReviewSettings, 'bannedWords'> & { bannedWords: string };

/** One word a line (commas and 、 separate too). */
const words = (text: string) =>
  text
    .split(/[\n,，、]+/)
    .map((w) => w.trim())
    .filter(Boolean);

/**
 * /bookreview-setting (书评设置): moderation, minimum length and points of reviews and of reading shares, the most
 * pictures a share carries, and the banned words refused in both on save.
 */
export default function ReviewSettingsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const canEdit = usePermission(`${REVIEW_SETTING_CODE}:edit`);
  const load = async () => {
    const s = await api.post<ReviewSettings>(`${S}/GetReviewSettings`, {});
    form.setFieldsValue({ ...s, bannedWords: s.bannedWords.join('\n') });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once
  useEffect(() => {
    load().catch(() => {});
  }, []);
  const save = async (v: FormValues) => {
    setBusy(true);
    try {
      await api.post(
        `${S}/SaveReviewSettings`,
        { ...v, bannedWords: words(v.bannedWords ?? '') },
        { showError: false },
      );
      notify.success(t('reviews.settings.saved'));
      await load();
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error((e as { msg?: string }).msg ?? String(e));
    } finally {
      setBusy(false);
    }
  };
  const part = (kind: 'review' | 'share') => (
    <Card title={t(`reviews.settings.${kind}`)} size="small">
      <Form.Item
        name={`${kind}Moderation`}
        label={t('reviews.settings.moderation')}
        valuePropName="checked"
        extra={t('reviews.settings.moderationHelp')}
      >
        <Switch data-testid={`${kind}-moderation`} />
      </Form.Item>
      <Form.Item name={`${kind}MinLength`} label={t('reviews.settings.minLength')}>
        <InputNumber min={0} max={1000} addonAfter={t('reviews.settings.chars')} />
      </Form.Item>
      <Form.Item
        name={`${kind}Points`}
        label={t('reviews.settings.points')}
        valuePropName="checked"
        extra={t('reviews.settings.pointsHelp', { event: t(`reviews.settings.event.${kind}`) })}
      >
        <Switch />
      </Form.Item>
      {kind === 'share' && (
        <Form.Item name="shareMaxPictures" label={t('reviews.settings.maxPictures')}>
          <InputNumber min={0} max={9} />
        </Form.Item>
      )}
    </Card>
  );
  return (
    <Card>
      <Form form={form} layout="vertical" onFinish={(v) => save(v).catch(() => {})} disabled={!canEdit}>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            {part('review')}
          </Col>
          <Col xs={24} lg={12}>
            {part('share')}
          </Col>
        </Row>
        <Form.Item
          name="bannedWords"
          label={t('reviews.settings.bannedWords')}
          style={{ marginTop: 16 }}
          extra={t('reviews.settings.bannedHelp')}
        >
          <Input.TextArea rows={6} data-testid="banned-words" />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('reviews.settings.studentsNote')}</Typography.Paragraph>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
