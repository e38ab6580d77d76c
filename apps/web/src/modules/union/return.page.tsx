import { ReloadOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { UNION_RETURN, type UnionLoanDto } from '@shuyuan/contracts/union/lending';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { LoanTable, runStep, stepAction, useLendingTasks } from './lending-shared.tsx';

const U = `${P}/Union`;

/**
 * /union/return: a union loan comes back at either school. Scanning the owner's barcode returns it (the school's own
 * copy goes straight back to its shelf; another school's waits to be sent home); the lists show what to send home
 * and the school's copies on their way back (received with one click or by scanning them).
 */
export default function UnionReturnPage() {
  const { t } = useTranslation();
  const { tasks, reload } = useLendingTasks();
  const canReturn = usePermission(`${UNION_RETURN}:return`);
  const [barcode, setBarcode] = useState('');
  const [done, setDone] = useState<{ id: number; text: string }[]>([]);
  const scan = async (v: string, loanId?: number) => {
    const code = v.trim();
    if (!code) return;
    const all = [...(tasks?.away ?? []), ...(tasks?.borrowedOut ?? [])];
    const title = all.find((l) => l.barcode === code && (!loanId || l.id === loanId))?.title ?? code;
    try {
      const r = await api.post<{ id: number; state: string; atOwner: boolean }>(`${U}/ReturnLoan`, {
        barcode: code,
        loanId,
      });
      const text = t(r.atOwner ? 'union.lend.returnedHome' : 'union.lend.returned', { title });
      notify.success(text);
      setDone((o) => [{ id: r.id, text }, ...o.filter((x) => x.id !== r.id)]);
      setBarcode('');
      reload();
    } catch {
      /* the refusal is shown */
    }
  };
  const step = async (url: string, l: UnionLoanDto, text: string) => {
    if (await runStep(`${U}/${url}`, { loanId: l.id }, text)) reload();
  };
  return (
    <Card className="sy-union-return">
      <Typography.Paragraph type="secondary">{t('union.lend.returnHelp')}</Typography.Paragraph>
      <Button icon={<ReloadOutlined />} onClick={reload} style={{ float: 'right' }}>
        {t('union.lend.refresh')}
      </Button>
      {canReturn && (
        <Input.Search
          style={{ width: 360, marginBottom: 12 }}
          className="sy-union-return-barcode"
          placeholder={t('union.lend.barcodeHint')}
          aria-label={t('union.lend.barcode')}
          enterButton={t('union.lend.receiveHome')}
          value={barcode}
          onChange={(e) => setBarcode(e.target.value)}
          onSearch={(v) => void scan(v)}
        />
      )}
      <Space direction="vertical" style={{ width: '100%' }}>
        {done.map((x) => (
          <Typography.Text key={x.id}>{x.text}</Typography.Text>
        ))}
        <Typography.Title level={5}>{t('union.lend.toSendHome')}</Typography.Title>
        <LoanTable
          className="sy-union-send-home"
          rows={tasks?.toSendHome}
          cols={['title', 'barcode', 'owner', 'reader']}
          actions={stepAction(canReturn, t('union.lend.sendHome'), (l) =>
            step('SendHome', l, t('union.lend.sentHome', { title: l.title, school: l.ownerSchoolName })),
          )}
        />
        <Typography.Title level={5}>{t('union.lend.comingHome')}</Typography.Title>
        <LoanTable
          className="sy-union-coming-home"
          rows={tasks?.comingHome}
          cols={['title', 'barcode', 'borrower', 'state']}
          actions={stepAction(canReturn, t('union.lend.receiveHome'), (l) =>
            step('ReceiveHome', l, t('union.lend.home', { title: l.title })),
          )}
        />
        <Typography.Title level={5}>{t('union.lend.borrowedOut')}</Typography.Title>
        <LoanTable
          rows={tasks?.borrowedOut.filter((l) => l.state === 'lent')}
          cols={['title', 'barcode', 'owner', 'reader', 'dueDate']}
        />
        <Typography.Title level={5}>{t('union.lend.tabs.away')}</Typography.Title>
        <LoanTable rows={tasks?.away} cols={['title', 'barcode', 'where', 'reader', 'dueDate']} />
      </Space>
    </Card>
  );
}
