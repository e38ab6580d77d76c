import { RecordCreate, RecordUpdate } from '@shuyuan/contracts/catalogue/record';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Col, Drawer, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoverField } from './cover-field.tsx';
import { MarcView } from './marc-view.tsx';
import { clearOnChange, submitChecked } from './submit.ts';
import type { RecordRow } from './types.ts';
import { useEditingOptions } from './use-options.ts';

const TEXT = [
  'title',
  'parallelTitle',
  'author',
  'responsibility',
  'edition',
  'publisher',
  'pubPlace',
  'isbn',
  'classNo',
  'bookNo',
];
const LANGS = ['chi', 'eng', 'jpn', 'fre', 'ger', 'rus'];

/** Form values from a list row: fen → yuan, nulls → empty. */
function toForm(r: RecordRow) {
  return {
    ...r,
    pubYear: r.pubYear ?? undefined,
    pages: r.pages ?? undefined,
    price: r.priceFen == null ? undefined : r.priceFen / 100,
    subjects: r.subjects ?? [],
    recommended: !!r.recommended,
  };
}

/**
 * Body for the contract: every field the form holds, the MARC and cover it does not show included (the
 * server keeps what is left out, but a save sends what it has). Empty numbers: left out of a new record,
 * cleared (null) on an update.
 */
function toBody(v: Record<string, any>, id?: number) {
  const body: Record<string, any> = { ...v, recommended: !!v.recommended, subjects: v.subjects ?? [] };
  for (const k of ['pubYear', 'pages', 'price'])
    if (body[k] == null || body[k] === '') {
      if (id) body[k] = null;
      else delete body[k];
    }
  // A new record without a type gets the school's default one; an edited record may have it cleared.
  if (body.resourceTypeId == null) {
    if (id) body.resourceTypeId = null;
    else delete body.resourceTypeId;
  }
  if (body.marc == null) delete body.marc;
  for (const k of ['id', 'priceFen', 'copies', 'schoolId', 'createdAt', 'updatedAt']) delete body[k];
  return id ? { ...body, id } : body;
}

interface Props {
  /** null: closed; 'new': add; a row: edit it. */
  target: RecordRow | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add / edit a bibliographic record (spec §6 fields), checked with the server's RecordCreate contract. */
export function RecordEditor({ target, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const editing = target && target !== 'new' ? target : null;
  const { types } = useEditingOptions();

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (editing) form.setFieldsValue(toForm(editing));
  }, [target, editing, form]);

  const save = async () => {
    setSaving(true);
    const body = toBody(form.getFieldsValue(true), editing?.id);
    const ok = editing
      ? await submitChecked(form, RecordUpdate, `${P}/Catalogue/UpdateRecord`, body)
      : await submitChecked(form, RecordCreate, `${P}/Literature/AddItemsCatalogueInfo`, body);
    setSaving(false);
    if (ok) onSaved();
  };
  const item = (name: string, node = <Input allowClear />) => (
    <Col span={12} key={name}>
      <Form.Item name={name} label={t(`catalogue.field.${name}`)} required={name === 'title'}>
        {node}
      </Form.Item>
    </Col>
  );

  return (
    <Drawer
      open={!!target}
      width={720}
      title={t(editing ? 'catalogue.record.editTitle' : 'catalogue.record.addTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('catalogue.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={save}>
            {t('catalogue.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" className="sy-record-form" onValuesChange={clearOnChange(form)}>
        <Row gutter={16}>
          {TEXT.map((n) => item(n))}
          {item('pubYear', <InputNumber style={{ width: '100%' }} />)}
          {item(
            'price',
            <InputNumber style={{ width: '100%' }} precision={2} min={0} addonAfter={t('catalogue.yuan')} />,
          )}
          {item('pages', <InputNumber style={{ width: '100%' }} />)}
          {item(
            'language',
            <Select
              allowClear
              showSearch
              options={LANGS.map((l) => ({ value: l, label: t(`catalogue.lang.${l}`) }))}
            />,
          )}
          {item('resourceTypeId', <Select allowClear options={types} />)}
          {item('series')}
          {item('readingLevel')}
          {item('subjects', <Select mode="tags" open={false} tokenSeparators={[',', '，', ';']} />)}
          {item('recommended', <Switch />)}
        </Row>
        <Form.Item name="coverUrl" label={t('catalogue.field.coverUrl')}>
          <CoverField />
        </Form.Item>
        <Form.Item name="summary" label={t('catalogue.field.summary')}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
      {editing?.marc ? <MarcView marc={editing.marc} /> : null}
    </Drawer>
  );
}
