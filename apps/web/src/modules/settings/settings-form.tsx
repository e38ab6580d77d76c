import { P } from '@shuyuan/contracts/common/paths';
import type { SettingItem, SettingScreen } from '@shuyuan/contracts/settings/registry';
import { Button, Card, Divider, Form, Input, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ImageUpload } from './image-upload.tsx';

const TIME_ZONES = ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau', 'Asia/Taipei', 'UTC'];
// Keys contain dots; the form uses them as single names, so they travel as one path segment.
const name = (key: string) => ['values', key];

/** Form.Item hands value/onChange (or checked) to its child: pass them on to the real control. */
function Control({ item, ...field }: { item: SettingItem; [prop: string]: unknown }) {
  const { t } = useTranslation();
  switch (item.type) {
    case 'boolean':
      return <Switch {...field} />;
    case 'number':
      return <InputNumber {...field} min={item.min} max={item.max} precision={0} />;
    case 'select':
      return (
        <Select
          {...field}
          style={{ width: 240 }}
          options={item.options?.map((o) => ({ value: o, label: t(`settings.option.${item.key}.${o}`) }))}
        />
      );
    case 'timezone':
      return (
        <Select
          {...field}
          style={{ width: 240 }}
          showSearch
          options={TIME_ZONES.map((z) => ({ value: z, label: z }))}
        />
      );
    case 'image':
      // The one image setting is the school logo, shown on the sign-in screen and the public site.
      return <ImageUpload {...field} category="logo" />;
    default:
      return <Input {...field} style={{ maxWidth: 400 }} />;
  }
}

/** A settings screen generated from the typed registry (contracts settings/registry), grouped. */
export function SettingsForm({ screen }: { screen: SettingScreen }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [items, setItems] = useState<SettingItem[] | null>(null);
  const [saving, setSaving] = useState(false);
  const canEdit = usePermission(`${screen}:edit`);

  useEffect(() => {
    api.post<SettingItem[]>(`${P}/Config/GetSettingList`, { screen }).then(setItems);
  }, [screen]);

  const save = async () => {
    const values = form.getFieldValue('values') ?? {};
    setSaving(true);
    try {
      await api.post(`${P}/Config/SaveSettings`, { screen, values }, { showError: false });
      notify.success(t('common.success'));
    } catch (e) {
      // Issue paths are `values.<key>` where the key itself contains dots: place them by hand.
      const issues = e instanceof ApiError ? (e.issues ?? []) : [];
      if (issues.length) {
        form.setFields(issues.map((i) => ({ name: name(i.path.replace(/^values\./, '')), errors: [i.message] })));
      } else notify.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  if (!items) return <Skeleton active />;
  const groups = [...new Set(items.map((i) => i.group))];
  return (
    <Card>
      <Form
        form={form}
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 14 }}
        disabled={!canEdit}
        onFinish={save}
        // The form mounts once the values arrived, so they are its initial values.
        initialValues={{ values: Object.fromEntries(items.map((i) => [i.key, i.value])) }}
      >
        {groups.map((g) => (
          <div key={g}>
            <Divider titlePlacement="start">{t(`settings.group.${g}`)}</Divider>
            {items
              .filter((i) => i.group === g)
              .map((i) => (
                <Form.Item
                  key={i.key}
                  name={name(i.key)}
                  label={t(`settings.key.${i.key}`)}
                  valuePropName={i.type === 'boolean' ? 'checked' : 'value'}
                  extra={t(`settings.help.${i.key}`, { defaultValue: '' }) || undefined}
                >
                  <Control item={i} />
                </Form.Item>
              ))}
          </div>
        ))}
        {canEdit && (
          <Form.Item wrapperCol={{ offset: 6 }}>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('common.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
