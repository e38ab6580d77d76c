import { LIBRARY_INFO_CODE, type LibraryInfoDto, LibraryInfoSave } from '@shuyuan/contracts/bulletin/bulletin';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { opacUrl } from '../../app/constants.ts';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { PicturesInput } from './pictures.tsx';
import { RichTextInput } from './rich-text.tsx';

/** The library introduction the public site shows on /libraryinfo: intro, opening hours, rules, pictures. */
export function LibraryInfoForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const canEdit = usePermission(`${LIBRARY_INFO_CODE}:edit`);
  useEffect(() => {
    api
      .post<LibraryInfoDto>(`${P}/Bulletin/GetLibraryInfo`, {})
      .then((d) => form.setFieldsValue(d))
      .catch(() => {});
  }, [form]);
  const save = async () => {
    const parsed = LibraryInfoSave.safeParse(form.getFieldsValue());
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as string[], errors: [t(i.message)] })));
      return;
    }
    setBusy(true);
    try {
      const d = await api.post<LibraryInfoDto>(`${P}/Bulletin/SaveLibraryInfo`, parsed.data, { showError: false });
      form.setFieldsValue(d);
      notify.success(t('bulletin.saved'));
    } catch (e) {
      fieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      title={t('bulletin.libraryInfo')}
      style={{ marginTop: 16 }}
      extra={
        <a href={opacUrl('/libraryinfo')} target="_blank" rel="noreferrer">
          {t('bulletin.viewPublic')}
        </a>
      }
    >
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={{ intro: '', hours: '', rules: '', pictures: [] }}
      >
        <Form.Item name="intro" label={t('bulletin.intro')}>
          <RichTextInput label={t('bulletin.intro')} />
        </Form.Item>
        <Form.Item name="hours" label={t('bulletin.hours')} extra={t('bulletin.hoursHelp')}>
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
        <Form.Item name="rules" label={t('bulletin.rules')}>
          <RichTextInput label={t('bulletin.rules')} />
        </Form.Item>
        <Form.Item name="pictures" label={t('bulletin.pictures')}>
          <PicturesInput />
        </Form.Item>
        {canEdit && (
          <Button type="primary" loading={busy} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
