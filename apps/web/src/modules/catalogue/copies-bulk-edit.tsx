import { CopiesUpdate } from '@shuyuan/contracts/catalogue/collection';
import { P } from '@shuyuan/contracts/common/paths';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import type { EditingOpts } from './use-options.ts';

interface Props {
  ids: number[];
  opts: EditingOpts;
  onClose: () => void;
  onSaved: () => void;
}

const STORES = [1, 2, 3, 5, 8];

/**
 * The same location, store type, batch or shelf mark on the selected copies (UpdateItemsCollectionInfo),
 * all or none: copies that cannot take a store type are listed with the reason and nothing changes.
 */
export function CopiesBulkEdit({ ids, opts, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [refused, setRefused] = useState<{ path: string; message: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const branchId = Form.useWatch('branchId', form);

  useEffect(() => {
    if (ids.length) {
      form.resetFields();
      setRefused([]);
    }
  }, [ids, form]);

  const save = async () => {
    const v = form.getFieldsValue(true);
    const body = Object.fromEntries(Object.entries({ ids, ...v }).filter(([, x]) => x !== undefined && x !== ''));
    if (!CopiesUpdate.safeParse(body).success || Object.keys(body).length < 2) return onClose();
    setBusy(true);
    try {
      const r = await api.post<{ count: number }>(`${P}/Literature/UpdateItemsCollectionInfo`, body, {
        showError: false,
      });
      notify.success(t('catalogue.collection.bulkDone', { count: r.count }));
      onSaved();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.issues?.length) setRefused(err.issues);
      else notify.error(err.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={ids.length > 0}
      title={t('catalogue.collection.bulkTitle', { count: ids.length })}
      okText={t('catalogue.save')}
      cancelText={t('catalogue.cancel')}
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('catalogue.collection.bulkHelp')} />
      <Form form={form} layout="vertical">
        <Form.Item name="branchId" label={t('catalogue.copy.branchId')}>
          <Select allowClear options={opts.branches} />
        </Form.Item>
        <Form.Item name="locationId" label={t('catalogue.copy.locationId')}>
          <Select allowClear options={opts.locationsOf(branchId)} />
        </Form.Item>
        <Form.Item name="storeType" label={t('catalogue.copy.storeType')}>
          <Select allowClear options={STORES.map((s) => ({ value: s, label: t(`catalogue.store.${s}`) }))} />
        </Form.Item>
        <Form.Item name="batchId" label={t('catalogue.copy.batchId')}>
          <Select allowClear options={opts.batches} />
        </Form.Item>
        <Form.Item name="shelfMark" label={t('catalogue.copy.shelfMark')}>
          <Input allowClear />
        </Form.Item>
      </Form>
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          message={t('catalogue.collection.bulkRefused')}
          description={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {refused.map((r) => (
                <li key={r.path}>
                  {r.path}: {r.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}
