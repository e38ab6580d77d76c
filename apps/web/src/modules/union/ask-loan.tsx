import { P } from '@shuyuan/contracts/common/paths';
import { UnionRequestBody } from '@shuyuan/contracts/union/lending';
import type { UnionHit } from '@shuyuan/contracts/union/union';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/auth/session.ts';
import { notify } from '../../app/notify.ts';
import { clearOnChange, postChecked } from '../catalogue/submit.ts';

/**
 * /union/search "ask for a loan": a reader of the school (by card number) asks another school that lends to the
 * union for this title; that school sends a copy (P/Union/RequestLoan).
 */
export function AskLoanModal({
  hit,
  unionId,
  onClose,
}: {
  hit: UnionHit | null;
  unionId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useSession().schoolId;
  const [form] = Form.useForm();
  const lenders = (hit?.holdings ?? []).filter((h) => h.lends && h.schoolId !== me && h.copies > 0);
  useEffect(() => {
    if (hit) form.setFieldsValue({ recordId: lenders[0]?.recordId, readerBarcode: '' });
  }, [hit, form, lenders[0]?.recordId]);
  const submit = async () => {
    const v = form.getFieldsValue();
    const body = { unionId, recordId: v.recordId, readerBarcode: v.readerBarcode ?? '' };
    if ((await postChecked(form, UnionRequestBody, `${P}/Union/RequestLoan`, body)) === undefined) return;
    const school = lenders.find((l) => l.recordId === v.recordId)?.schoolName ?? '';
    notify.success(t('union.lend.asked', { school }));
    onClose();
  };
  return (
    <Modal
      open={!!hit}
      title={hit ? t('union.lend.askTitle', { title: hit.title }) : ''}
      okText={t('union.lend.ask')}
      okButtonProps={{ disabled: !lenders.length }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {lenders.length ? (
        <Form form={form} layout="vertical" className="sy-union-ask" onValuesChange={clearOnChange(form)}>
          <Form.Item name="recordId" label={t('union.lend.askSchool')}>
            <Select
              options={lenders.map((h) => ({
                value: h.recordId,
                label: t('union.search.holding', { school: h.schoolName, available: h.available, copies: h.copies }),
              }))}
            />
          </Form.Item>
          <Form.Item name="readerBarcode" label={t('union.lend.readerCard')}>
            <Input placeholder={t('union.lend.readerCardHint')} />
          </Form.Item>
        </Form>
      ) : (
        <Alert type="info" showIcon message={t('union.lend.askNone')} />
      )}
    </Modal>
  );
}
