import {
  BARCODE_MODES,
  BOOK_NUMBER_RULES,
  EditingConfig,
  REQUIRABLE_FIELDS,
  RFID_READERS,
} from '@shuyuan/contracts/catalogue/editing-config';
import { P } from '@shuyuan/contracts/common/paths';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Tabs,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { notify } from '../../app/notify.ts';
import { CaptureSourcesPanel } from '../capture/capture-sources-panel.tsx';
import { ClassSchemes } from '../classification/class-schemes.tsx';
import { CustomClasses } from './custom-classes.tsx';
import { clearOnChange, postChecked } from './submit.ts';
import { useEditingConfig, useEditingOptions } from './use-options.ts';

const STORES = [1, 2, 5, 8];
const SEPARATORS = ['/', '-', ' ', '\n'];
const EXTRA_SEPARATORS = [':', '-', '=', '/', ' '];
const sepLabel = (s: string) => (s === ' ' ? '␣' : s === '\n' ? '↵' : s);

/** The school's cataloguing settings form (P/Literature/GetEditingConfig / SaveEditingConfig). */
function EditingSettings() {
  const { t } = useTranslation();
  const canEdit = usePermission('book-editing-rule:edit');
  const { config, loaded, reload } = useEditingConfig();
  const opts = useEditingOptions();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const branchId = Form.useWatch('defaultBranchId', form);

  useEffect(() => {
    if (loaded) form.setFieldsValue(config);
  }, [loaded, config, form]);

  const save = async () => {
    const v = form.getFieldsValue(true);
    const body = { ...v, bookNumberLength: v.bookNumberLength ?? null };
    setSaving(true);
    const r = await postChecked(form, EditingConfig, `${P}/Literature/SaveEditingConfig`, body);
    setSaving(false);
    if (r) {
      notify.success(t('catalogue.saved'));
      reload();
    }
  };
  const col = (name: string, node: React.ReactNode, extra?: string) => (
    <Col span={12}>
      <Form.Item name={name} label={t(`catalogue.config.${name}`)} extra={extra}>
        {node}
      </Form.Item>
    </Col>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      className="sy-editing-rule"
      disabled={!canEdit}
      onValuesChange={clearOnChange(form)}
    >
      <Divider titlePlacement="start">{t('catalogue.config.defaults')}</Divider>
      <Row gutter={16}>
        {col('defaultBranchId', <Select allowClear options={opts.branches} />)}
        {col('defaultLocationId', <Select allowClear options={opts.locationsOf(branchId)} />)}
        {col('defaultResourceTypeId', <Select allowClear options={opts.types} />)}
        {col(
          'defaultStoreType',
          <Select options={STORES.map((s) => ({ value: s, label: t(`catalogue.store.${s}`) }))} />,
        )}
      </Row>
      <Divider titlePlacement="start">{t('catalogue.config.numbers')}</Divider>
      <Row gutter={16}>
        {col(
          'bookNumberRule',
          <Radio.Group
            options={BOOK_NUMBER_RULES.map((r) => ({ value: r, label: t(`catalogue.config.rule.${r}`) }))}
          />,
        )}
        {col(
          'bookNumberLength',
          <InputNumber min={0} max={4} style={{ width: '100%' }} />,
          t('catalogue.config.bookNumberLengthHelp'),
        )}
        {col(
          'callNoSeparator',
          <Select options={SEPARATORS.map((s) => ({ value: s, label: sepLabel(s) }))} />,
          t('catalogue.config.callNoHelp'),
        )}
        {col('extraSeparator', <Select options={EXTRA_SEPARATORS.map((s) => ({ value: s, label: sepLabel(s) }))} />)}
        {col(
          'barcodeMode',
          <Radio.Group options={BARCODE_MODES.map((m) => ({ value: m, label: t(`catalogue.config.mode.${m}`) }))} />,
          t('catalogue.config.barcodeHelp'),
        )}
        {col(
          'marcFormat',
          <Radio.Group
            className="sy-marc-format"
            options={(['UNIMARC', 'MARC21'] as const).map((f) => ({
              value: f,
              label: t(`catalogue.config.format.${f}`),
            }))}
          />,
          t('catalogue.config.marcFormatHelp'),
        )}
      </Row>
      <Divider titlePlacement="start">{t('catalogue.config.rfid')}</Divider>
      <Row gutter={16}>
        {col(
          'afi',
          <Input maxLength={2} placeholder={t('catalogue.config.afiExample')} />,
          t('catalogue.config.afiHelp'),
        )}
        {col('afiLoaned', <Input maxLength={2} placeholder={t('catalogue.config.afiLoanedExample')} />)}
        {col(
          'rfidReader',
          <Select options={RFID_READERS.map((r) => ({ value: r, label: t(`catalogue.config.reader.${r}`) }))} />,
        )}
      </Row>
      <Divider titlePlacement="start">{t('catalogue.config.requiredFields')}</Divider>
      <Typography.Paragraph type="secondary">{t('catalogue.config.requiredHelp')}</Typography.Paragraph>
      <Form.Item name="requiredFields">
        <Checkbox.Group options={REQUIRABLE_FIELDS.map((f) => ({ value: f, label: t(`catalogue.field.${f}`) }))} />
      </Form.Item>
      {canEdit && (
        <Button type="primary" className="sy-editing-rule-save" loading={saving} onClick={() => void save()}>
          {t('catalogue.save')}
        </Button>
      )}
    </Form>
  );
}

/** /book-editing-rule — cataloguing settings and the school's own classification. */
export default function BookEditingRulePage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'settings', label: t('catalogue.config.tab'), children: <EditingSettings /> },
          { key: 'custom', label: t('catalogue.custom.tab'), children: <CustomClasses /> },
          { key: 'schemes', label: t('classification.schemes.tab'), children: <ClassSchemes /> },
          { key: 'capture', label: t('capture.pages.sources'), children: <CaptureSourcesPanel /> },
        ]}
      />
    </Card>
  );
}
