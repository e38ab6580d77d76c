import { P } from '@shuyuan/contracts/common/paths';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { RFID_MESSAGES, RfidError, rfidReader } from './rfid.ts';

interface Props {
  copy: { id: number; barcode: string; rfid: string } | null;
  readerKind: 'none' | 'keyboard' | 'simulated';
  onClose: () => void;
  onDone: () => void;
}

/**
 * Binds a tag to a copy: the reader gives the tag id (read from the pad, or typed by a keyboard-wedge reader
 * into the field), the server binds it, then the school's AFI ("in library") is written to the tag.
 */
export function RfidBind({ copy, readerKind, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const reader = rfidReader(readerKind);

  useEffect(() => {
    if (copy) form.resetFields();
  }, [copy, form]);

  const read = async () => {
    try {
      form.setFieldValue('rfid', await reader.read());
    } catch (e) {
      if (e instanceof RfidError) notify.error(t(RFID_MESSAGES[e.code]));
      else throw e;
    }
  };
  const bind = async () => {
    if (!copy) return;
    const rfid = String(form.getFieldValue('rfid') ?? '').trim();
    setBusy(true);
    try {
      const r = await api.post<{ afi: string; rfid: string }>(
        `${P}/Catalogue/BindRfid`,
        { copyId: copy.id, rfid },
        { showError: false },
      );
      if (reader.canWriteAfi) {
        if (!r.afi) await api.post(`${P}/Config/GetAFI`, {}).catch(() => {});
        else
          await reader.writeAfi(r.rfid, r.afi).catch(() => {
            notify.error(t(RFID_MESSAGES.AFI_FAILED));
          });
      }
      notify.success(t('catalogue.rfid.bound', { barcode: copy.barcode }));
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (!fieldErrors(form, err)) notify.error(err.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!copy}
      title={t('catalogue.rfid.bindTitle', { barcode: copy?.barcode ?? '' })}
      okText={t('catalogue.rfid.bind')}
      cancelText={t('catalogue.cancel')}
      confirmLoading={busy}
      onOk={() => void bind()}
      onCancel={onClose}
      destroyOnHidden
    >
      {copy?.rfid ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('catalogue.rfid.current', { rfid: copy.rfid })}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={() => void bind()}>
        <Form.Item
          name="rfid"
          label={t('catalogue.rfid.tag')}
          extra={reader.canPoll ? t('catalogue.rfid.padHelp') : t('catalogue.rfid.wedgeHelp')}
        >
          <Input autoFocus className="sy-rfid-input" onPressEnter={() => void bind()} />
        </Form.Item>
        {reader.canPoll && (
          <Space>
            <Button className="sy-rfid-read" onClick={() => void read()}>
              {t('catalogue.rfid.read')}
            </Button>
            <Typography.Text type="secondary">{t('catalogue.rfid.simulated')}</Typography.Text>
          </Space>
        )}
      </Form>
    </Modal>
  );
}
