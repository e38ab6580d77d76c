import { Col, Form, Modal, Row } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../app/http.ts';
import { notify } from '../app/notify.ts';
import { FieldControl, itemProps } from './controls.tsx';
import { formFields, placeIssues, toBody, validate } from './convert.ts';
import type { ResourcePageDef } from './types.ts';

export interface FormState {
  mode: 'add' | 'edit';
  row?: any;
  /** Values to start an add form with (over the fields' defaults). */
  initial?: Record<string, unknown>;
}

/**
 * Add/edit modal. Validation runs the SAME zod contract as the server (def.contracts) and shows every issue
 * under its field; issues the server still finds (duplicates …) are shown the same way.
 */
export function ResourceForm({
  def,
  urls,
  state,
  onClose,
  onSaved,
}: {
  def: ResourcePageDef;
  urls: { add: string; update: string; list: string };
  state: FormState | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const mode = state?.mode ?? 'add';
  const fields = useMemo(() => formFields(def, mode), [def, mode]);

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    if (state.mode === 'edit' && state.row) form.setFieldsValue(def.toForm ? def.toForm(state.row) : state.row);
    else {
      const defaults: Record<string, unknown> = {};
      for (const f of fields) if (f.default !== undefined) defaults[f.name] = f.default;
      form.setFieldsValue({ ...defaults, ...state.initial });
    }
  }, [state, form, def, fields]);

  /**
   * Puts each issue under its field; only what fits no field becomes a toast. Returns whether there were any
   * issues (all of them are shown now).
   */
  const showIssues = (issues: { path: string; message: string }[]): boolean => {
    const tr = (m: string) => (i18n.exists(m) ? t(m) : m);
    const { byField, loose } = placeIssues(
      issues.map((i) => ({ path: i.path, message: tr(i.message) })),
      fields.map((f) => f.name),
    );
    form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
    if (loose.length) notify.error(loose.join('; '));
    return issues.length > 0;
  };

  const submit = async () => {
    const body = toBody(def, mode, form.getFieldsValue(true), state?.row);
    const schema = mode === 'add' ? def.contracts.create : def.contracts.update;
    // Clear old messages first: the same contract as the server's runs here before anything is sent.
    form.setFields(fields.map((f) => ({ name: f.name, errors: [] })));
    if (showIssues(validate(schema, body, i18n.language))) return;
    setSaving(true);
    try {
      // The server's field issues (a duplicate code …) go under their fields, not also into a toast.
      await api.post(mode === 'add' ? urls.add : urls.update, body, { showError: false });
      notify.success(t('kit.saved'));
      onSaved();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // As the HTTP client would: a 401 after a failed renewal already told the user.
      if (!showIssues(err.issues ?? []) && err.status !== 401 && err.msg) notify.error(err.msg);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!state}
      title={t(mode === 'add' ? 'kit.form.addTitle' : 'kit.form.editTitle', { entity: t(def.title) })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('kit.form.save')}
      cancelText={t('kit.form.cancel')}
      width={def.modalWidth ?? 640}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Row gutter={16}>
          {fields.map((f) => (
            <Col span={f.span ?? 24} key={f.name}>
              <Form.Item name={f.name} label={t(f.label)} {...itemProps(f)}>
                <FieldControl
                  field={f}
                  listUrl={urls.list}
                  row={state?.row}
                  disabled={mode === 'edit' && f.readOnlyOnEdit}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
