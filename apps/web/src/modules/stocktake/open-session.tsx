import { P } from '@shuyuan/contracts/common/paths';
import { SessionOpen } from '@shuyuan/contracts/stocktake/stocktake';
import { Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { useLocations } from '../catalogue/use-locations.ts';

interface Values {
  name: string;
  locationIds: number[];
  callNoFrom: string;
  callNoTo: string;
}

/** A new session over locations and/or a call-number range; its copies go to store 9 at once. */
export function OpenSession({ onClose }: { onClose: (id?: number) => void }) {
  const { t } = useTranslation();
  const locations = useLocations();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    const body = { ...v, locationIds: v.locationIds ?? [], callNoFrom: v.callNoFrom ?? '', callNoTo: v.callNoTo ?? '' };
    const parsed = SessionOpen.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof Values, errors: [t(i.message)] })));
      return;
    }
    setBusy(true);
    try {
      const r = await api.post<{ id: number; expectedCount: number }>(`${P}/Stocktake/OpenSession`, parsed.data);
      notify.success(t('stocktake.open.done', { count: r.expectedCount }));
      onClose(r.id);
    } catch (e) {
      if (e instanceof ApiError && e.issues)
        form.setFields(e.issues.map((i) => ({ name: i.path as keyof Values, errors: [i.message] })));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('stocktake.open.title')}
      okText={t('stocktake.open.ok')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} className="sy-stocktake-open">
        <Form.Item name="name" label={t('stocktake.session.name')} required>
          <Input maxLength={100} placeholder={t('stocktake.open.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="locationIds" label={t('stocktake.session.locations')}>
          <Select mode="multiple" allowClear options={locations} placeholder={t('stocktake.open.allLocations')} />
        </Form.Item>
        <Form.Item label={t('stocktake.session.range')} extra={t('stocktake.open.rangeHint')}>
          <Space>
            <Form.Item name="callNoFrom" noStyle>
              <Input style={{ width: 160 }} placeholder={t('stocktake.open.from')} />
            </Form.Item>
            <Typography.Text>—</Typography.Text>
            <Form.Item name="callNoTo" noStyle>
              <Input style={{ width: 160 }} placeholder={t('stocktake.open.to')} />
            </Form.Item>
          </Space>
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('stocktake.open.explain')}</Typography.Paragraph>
      </Form>
    </Modal>
  );
}
