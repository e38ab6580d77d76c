import { P } from '@shuyuan/contracts/common/paths';
import { UNION_SHARES, UnionSharing } from '@shuyuan/contracts/union/union';
import { Button, Divider, Form, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { clearOnChange, postChecked } from '../catalogue/submit.ts';

interface Options {
  share: string;
  locationIds: number[] | null;
  resourceTypeIds: number[] | null;
  locations: { id: number; name: string }[];
  resourceTypes: { id: number; name: string; enName: string | null }[];
}

/**
 * What the school shares with one union: catalogue only or catalogue and lending, and which of its locations and
 * resource types (none picked = all). The resource rules' "can view" still applies on top.
 */
export function SharingForm({ unionId, canEdit, onSaved }: { unionId: number; canEdit: boolean; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const [opts, setOpts] = useState<Options | null>(null);
  useEffect(() => {
    api
      .post<Options>(`${P}/Union/GetSharing`, { unionId })
      .then((o) => {
        setOpts(o);
        form.setFieldsValue({
          share: o.share,
          locationIds: o.locationIds ?? [],
          resourceTypeIds: o.resourceTypeIds ?? [],
        });
      })
      .catch(() => {});
  }, [unionId, form]);
  const save = async () => {
    const v = form.getFieldsValue();
    const body = {
      unionId,
      share: v.share,
      locationIds: v.locationIds?.length ? v.locationIds : null,
      resourceTypeIds: v.resourceTypeIds?.length ? v.resourceTypeIds : null,
    };
    if ((await postChecked(form, UnionSharing, `${P}/Union/SaveSharing`, body)) === undefined) return;
    notify.success(t('union.mana.saved'));
    onSaved();
  };
  if (!opts) return null;
  const en = i18n.language === 'en';
  return (
    <>
      <Divider titlePlacement="start">{t('union.sharing.title')}</Divider>
      <Typography.Paragraph type="secondary">{t('union.sharing.help')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        className="sy-union-sharing"
        onValuesChange={clearOnChange(form)}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="share" label={t('union.sharing.share')}>
          <Radio.Group options={UNION_SHARES.map((s) => ({ value: s, label: t(`union.share.${s}`) }))} />
        </Form.Item>
        <Form.Item name="locationIds" label={t('union.sharing.locations')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('union.sharing.all')}
            options={opts.locations.map((l) => ({ value: l.id, label: l.name }))}
          />
        </Form.Item>
        <Form.Item name="resourceTypeIds" label={t('union.sharing.types')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('union.sharing.all')}
            options={opts.resourceTypes.map((r) => ({ value: r.id, label: (en && r.enName) || r.name }))}
          />
        </Form.Item>
        {canEdit && (
          <Button type="primary" onClick={save}>
            {t('union.sharing.save')}
          </Button>
        )}
      </Form>
    </>
  );
}
