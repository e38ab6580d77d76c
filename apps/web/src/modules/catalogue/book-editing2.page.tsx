import { RecordCreate, RecordUpdate } from '@shuyuan/contracts/catalogue/record';
import { P } from '@shuyuan/contracts/common/paths';
import { Alert, Button, Card, Empty, Form, Space, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { MarcView } from './marc-view.tsx';
import { RecordFields, recordBody, recordToForm } from './record-form.tsx';
import { RecordFinder } from './record-finder.tsx';
import { clearOnChange, postChecked } from './submit.ts';
import { useEditingConfig, useEditingOptions } from './use-options.ts';

/**
 * /book-editing2 — the full record form (every spec §6 field, the MARC it came from): open a record by
 * `?recordId=`, a copy's barcode or its ISBN, or start a new one; save checks the school's required fields.
 */
export default function BookEditing2Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const recordId = Number(params.get('recordId')) || null;
  const canEdit = usePermission('book-editing2:edit');
  const canAdd = usePermission('book-editing:add');
  const { config } = useEditingConfig();
  const opts = useEditingOptions();
  const [form] = Form.useForm();
  const [record, setRecord] = useState<Record<string, any> | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [filling, setFilling] = useState(false);
  const [fillNote, setFillNote] = useState<{ type: 'success' | 'info' | 'warning'; text: string } | null>(null);

  const load = useCallback(
    async (id: number) => {
      const r = await api.post<Record<string, any>>(`${P}/Catalogue/GetRecord`, { id });
      form.resetFields();
      form.setFieldsValue(recordToForm(r));
      setRecord(r);
      setFillNote(null);
    },
    [form],
  );
  useEffect(() => {
    if (recordId) void load(recordId).catch(() => setRecord(null));
  }, [recordId, load]);

  const open = (id: number) => setParams({ recordId: String(id) });
  const startNew = () => {
    form.resetFields();
    form.setFieldsValue({ resourceTypeId: config.defaultResourceTypeId ?? undefined, bookNoAuto: true });
    setRecord('new');
  };
  const save = async () => {
    const body = recordBody(form.getFieldsValue(true), record !== 'new');
    setBusy(true);
    try {
      if (record === 'new') {
        const r = await postChecked<{ id: number }>(form, RecordCreate, `${P}/Literature/AddItemsCatalogueInfo`, body);
        if (r) {
          notify.success(t('catalogue.saved'));
          open(r.id);
        }
      } else if (record) {
        const r = await postChecked(form, RecordUpdate, `${P}/Catalogue/UpdateRecord`, { ...body, id: record.id });
        if (r) {
          notify.success(t('catalogue.saved'));
          await load(record.id);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  /**
   * "Fill from source": the reading level (Capture/GetLeXile) and the cover (ItemsImgGradChi, or …Eng for a
   * record not in Chinese) by the record's ISBN, into empty fields only; saved with the record. What the
   * sources said (none configured, nothing found) stays shown under the button.
   */
  const fill = async () => {
    const isbn = String(form.getFieldValue('isbn') ?? '').trim();
    if (!isbn) {
      setFillNote({ type: 'warning', text: t('catalogue.editing2.needIsbn') });
      return;
    }
    setFilling(true);
    const filled: string[] = [];
    const problems = new Set<string>();
    const ask = async <T,>(action: string): Promise<T | null> => {
      try {
        return await api.post<T>(`${P}/Capture/${action}`, { isbn }, { showError: false });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        problems.add(e.msg);
        return null;
      }
    };
    try {
      if (!form.getFieldValue('readingLevel')) {
        const r = await ask<{ readingLevel: string }>('GetLeXile');
        if (r?.readingLevel) {
          form.setFieldValue('readingLevel', r.readingLevel);
          filled.push(t('catalogue.field.readingLevel'));
        }
      }
      if (!form.getFieldValue('coverUrl')) {
        const lang = form.getFieldValue('language');
        const r = await ask<{ coverUrl: string }>(lang && lang !== 'chi' ? 'ItemsImgGradEng' : 'ItemsImgGradChi');
        if (r?.coverUrl) {
          form.setFieldValue('coverUrl', r.coverUrl);
          filled.push(t('catalogue.field.coverUrl'));
        }
      }
    } finally {
      setFilling(false);
    }
    const said = [...problems].join('；');
    if (filled.length)
      setFillNote({
        type: 'success',
        text: [t('catalogue.editing2.filled', { fields: filled.join(t('catalogue.editing2.listSep')) }), said]
          .filter(Boolean)
          .join(' '),
      });
    else
      setFillNote(said ? { type: 'warning', text: said } : { type: 'info', text: t('catalogue.editing2.fillNothing') });
  };

  const isNew = record === 'new';
  return (
    <Card className="sy-book-editing2">
      <Space wrap style={{ marginBottom: 16 }}>
        <RecordFinder onFound={open} />
        {canAdd && <Button onClick={startNew}>{t('catalogue.record.add')}</Button>}
        {record && !isNew && (
          <Button onClick={() => navigate(`/book-editing3?recordId=${record.id}`)}>
            {t('catalogue.editing.openCopies')}
          </Button>
        )}
      </Space>
      {!record ? (
        <Empty description={t('catalogue.finder.empty')} />
      ) : (
        <>
          <Typography.Title level={5}>
            {isNew ? t('catalogue.record.addTitle') : t('catalogue.editing2.editing', { title: record.title })}
          </Typography.Title>
          <Form form={form} layout="vertical" onValuesChange={clearOnChange(form)}>
            <RecordFields
              full
              config={config}
              types={opts.types}
              recordId={isNew ? undefined : record.id}
              autoBookNo={isNew}
            />
            {fillNote && (
              <Alert
                className="sy-editing2-fill-note"
                style={{ marginBottom: 16 }}
                type={fillNote.type}
                showIcon
                closable
                onClose={() => setFillNote(null)}
                message={fillNote.text}
              />
            )}
            <Space>
              <Button
                type="primary"
                className="sy-editing2-save"
                loading={busy}
                disabled={isNew ? !canAdd : !canEdit}
                onClick={() => void save()}
              >
                {t('catalogue.save')}
              </Button>
              {!isNew && canEdit && (
                <Tooltip title={t('catalogue.editing2.fillHelp')}>
                  <Button className="sy-editing2-fill" loading={filling} onClick={() => void fill().catch(() => {})}>
                    {t('catalogue.editing2.fill')}
                  </Button>
                </Tooltip>
              )}
            </Space>
          </Form>
          {!isNew && record.marc ? <MarcView marc={record.marc} /> : null}
        </>
      )}
    </Card>
  );
}
