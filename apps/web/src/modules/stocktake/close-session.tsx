import { P } from '@shuyuan/contracts/common/paths';
import type { StocktakeSession } from '@shuyuan/contracts/stocktake/stocktake';
import { Alert, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

/** Closing a session: found copies go back to their store; the librarian decides what missing ones become. */
export function CloseSession({ session, onClose }: { session: StocktakeSession; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState<'leave' | 'lost'>('leave');
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    setBusy(true);
    try {
      const r = await api.post<{ missing: number; lost: number; restored: number }>(`${P}/Stocktake/CloseSession`, {
        sessionId: session.id,
        missing,
      });
      notify.success(t('stocktake.close.done', r));
      onClose(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('stocktake.close.title', { name: session.name })}
      okText={t('stocktake.close.confirm')}
      okButtonProps={{ danger: missing === 'lost', loading: busy }}
      onOk={() => void ok().catch(() => {})}
      onCancel={() => onClose(false)}
    >
      <Space direction="vertical">
        <Alert type="info" showIcon message={t('stocktake.close.explain')} />
        <Radio.Group value={missing} onChange={(e) => setMissing(e.target.value)}>
          <Space direction="vertical">
            <Radio value="leave">{t('stocktake.close.leave')}</Radio>
            <Radio value="lost">{t('stocktake.close.lost')}</Radio>
          </Space>
        </Radio.Group>
      </Space>
    </Modal>
  );
}
