import { Col, Form, Modal, Row } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors } from '../app/http.ts';
import { notify } from '../app/notify.ts';
import { FieldControl, itemProps } from './controls.tsx';
import { formFields, toBody, validate } from './convert.ts';
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

  const submit = async () => {
    const body = toBody(def, mode, form.getFieldsValue(true), state?.row);
    const schema = mode === 'add' ? def.contracts.create : def.contracts.update;
    const issues = validate(schema, body, i18n.language);
    // Clear old messages, then put each issue under its field (nested paths under their top field).
    form.setFields(fields.map((f) => ({ name: f.name, errors: [] })));
    if (issues.length) {
      const names = new Set(fields.map((f) => f.name));
      const byField = new Map<string, string[]>();
      const loose: string[] = [];
      for (const i of issues) {
        const text = i18n.exists(i.message) ? t(i.message) : i.message;
        // The issue's own field, else its top field, else its last segment (a nested value edited as a field).
        const parts = i.path.split('.');
        const name = [i.path, parts[0], parts[parts.length - 1]].find((n) => names.has(n));
        if (name) byField.set(name, [...(byField.get(name) ?? []), text]);
        else loose.push(text);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
      if (loose.length) notify.error(loose.join('; '));
      return;
    }
    setSaving(true);
    try {
      await api.post(mode === 'add' ? urls.add : urls.update, body);
      notify.success(t('kit.saved'));
      onSaved();
    } catch (err) {
      fieldErrors(form, err);
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
