import type { EditingConfig } from '@shuyuan/contracts/catalogue/editing-config';
import { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { BookNumberField } from './book-number-field.tsx';
import { ClassPicker } from './class-picker.tsx';
import { CoverField } from './cover-field.tsx';
import type { Opt } from './use-options.ts';

export const LANGS = ['chi', 'eng', 'jpn', 'fre', 'ger', 'rus'];

interface Props {
  config: EditingConfig;
  types: Opt[];
  /** Every field of the record (book-editing2) or the cataloguer's main ones (book-editing). */
  full?: boolean;
  recordId?: number;
  /** Offer "number on save" (new records). */
  autoBookNo?: boolean;
}

/**
 * The record fields of the cataloguing screens, inside the caller's <Form>: required marks follow the
 * school's editing settings (the server checks them too), class number picker, book number helpers.
 */
export function RecordFields({ config, types, full, recordId, autoBookNo }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const classNo = Form.useWatch('classNo', form);
  const author = Form.useWatch('author', form);
  const auto = Form.useWatch('bookNoAuto', form);
  const canLock = usePermission('book-editing:add');
  const req = (name: string) => name === 'title' || (config.requiredFields as string[]).includes(name);
  const item = (name: string, node: ReactNode = <Input allowClear />, span = 12) => (
    <Col span={span} key={name}>
      <Form.Item name={name} label={t(`catalogue.field.${name}`)} required={req(name)}>
        {node}
      </Form.Item>
    </Col>
  );
  const num = <InputNumber style={{ width: '100%' }} />;

  return (
    <Row gutter={16}>
      {item('isbn')}
      {item('title')}
      {full && item('parallelTitle')}
      {item('author')}
      {full && item('responsibility')}
      {full && item('edition')}
      {item('publisher')}
      {item('pubPlace')}
      {item('pubYear', num)}
      {item('price', <InputNumber style={{ width: '100%' }} precision={2} min={0} addonAfter={t('catalogue.yuan')} />)}
      {item('pages', num)}
      {item(
        'language',
        <Select allowClear showSearch options={LANGS.map((l) => ({ value: l, label: t(`catalogue.lang.${l}`) }))} />,
      )}
      {item('resourceTypeId', <Select allowClear options={types} />)}
      {item('classNo', <ClassPicker placeholder={t('catalogue.classPicker.placeholder')} />)}
      <Col span={12}>
        <Form.Item
          name="bookNo"
          label={t('catalogue.field.bookNo')}
          required={req('bookNo')}
          extra={auto ? t('catalogue.bookNo.autoHelp') : undefined}
        >
          {auto ? (
            <Input disabled placeholder={t('catalogue.bookNo.autoPlaceholder')} />
          ) : (
            <BookNumberField classNo={classNo} author={author} recordId={recordId} canLock={canLock} />
          )}
        </Form.Item>
        {autoBookNo && (
          <Form.Item name="bookNoAuto" valuePropName="checked" style={{ marginTop: -16 }}>
            <Checkbox className="sy-bookno-auto">{t('catalogue.bookNo.auto')}</Checkbox>
          </Form.Item>
        )}
      </Col>
      {item('series')}
      {full && item('issn')}
      {full && item('readingLevel')}
      {item('subjects', <Select mode="tags" open={false} tokenSeparators={[',', '，', ';']} />)}
      {full && item('recommended', <Switch />)}
      {full && item('coverUrl', <CoverField />, 24)}
      <Col span={24}>
        <Form.Item name="summary" label={t('catalogue.field.summary')} required={req('summary')}>
          <Input.TextArea rows={full ? 4 : 2} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * Form values → the record body: everything the form holds, including what it does not show (the MARC the
 * record came from, its cover), so a save never drops them. An empty number is left out of a new record and
 * sent as null (cleared) on an update.
 */
export function recordBody(v: Record<string, any>, update = false) {
  const body: Record<string, any> = {};
  for (const k of Object.keys(RecordCreate.shape)) if (v[k] !== undefined) body[k] = v[k];
  body.recommended = !!v.recommended;
  body.subjects = v.subjects ?? [];
  for (const k of ['pubYear', 'pages', 'price'])
    if (body[k] == null || body[k] === '') {
      if (update) body[k] = null;
      else delete body[k];
    }
  if (body.resourceTypeId == null) body.resourceTypeId = null;
  if (body.marc == null) delete body.marc;
  if (!body.bookNoAuto) delete body.bookNoAuto;
  return body;
}

/** A stored record (prices in fen) → form values. */
export function recordToForm(r: Record<string, any>) {
  return {
    ...r,
    pubYear: r.pubYear ?? undefined,
    pages: r.pages ?? undefined,
    price: r.priceFen == null ? undefined : r.priceFen / 100,
    subjects: r.subjects ?? [],
    recommended: !!r.recommended,
  };
}
