import { ReloadOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { UNION_BORROW, type UnionLoanDto } from '@shuyuan/contracts/union/lending';
import type { UnionMemberDto } from '@shuyuan/contracts/union/union';
import { Alert, Badge, Button, Card, Input, Popconfirm, Select, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { useSession } from '../../app/auth/session.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { LoanTable, runStep, stepAction, useLendingTasks } from './lending-shared.tsx';
import { useMyUnions } from './union-search.tsx';

const U = `${P}/Union`;

/**
 * /union/borrow: lending across the union. At the desk, a reader of another member school borrows one of the
 * school's copies with their own card; the requests other schools sent wait to be dispatched; copies asked for
 * by the school's readers arrive, go on the hold shelf and are lent; the school's copies away are listed with
 * where each one is.
 */
export default function UnionBorrowPage() {
  const { t } = useTranslation();
  const unions = useMyUnions();
  const [picked, setPicked] = useState<number>();
  const unionId = picked ?? unions?.[0]?.id;
  const { tasks, reload } = useLendingTasks(unionId);
  const canBorrow = usePermission(`${UNION_BORROW}:borrow`);
  if (unions && !unions.length) return <Alert type="info" showIcon message={t('union.search.noUnion')} />;
  const count = (n?: number) => (n ? <Badge count={n} offset={[6, -2]} /> : null);
  return (
    <Card className="sy-union-borrow">
      <Space style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 220 }}
          aria-label={t('union.lend.union')}
          value={unionId}
          onChange={setPicked}
          options={(unions ?? []).map((u) => ({ value: u.id, label: u.name }))}
        />
        <Button icon={<ReloadOutlined />} onClick={reload}>
          {t('union.lend.refresh')}
        </Button>
      </Space>
      {unionId && (
        <Tabs
          items={[
            {
              key: 'desk',
              label: t('union.lend.tabs.desk'),
              children: <DeskLend unionId={unionId} canBorrow={canBorrow} onDone={reload} />,
            },
            {
              key: 'dispatch',
              label: (
                <span>
                  {t('union.lend.tabs.dispatch')}
                  {count(tasks?.toDispatch.length)}
                </span>
              ),
              children: <ToDispatch rows={tasks?.toDispatch} canBorrow={canBorrow} onDone={reload} />,
            },
            {
              key: 'arriving',
              label: (
                <span>
                  {t('union.lend.tabs.arriving')}
                  {count((tasks?.arriving.length ?? 0) + (tasks?.onShelf.length ?? 0))}
                </span>
              ),
              children: <Arriving tasks={tasks} canBorrow={canBorrow} onDone={reload} />,
            },
            {
              key: 'away',
              label: t('union.lend.tabs.away'),
              children: (
                <LoanTable
                  className="sy-union-away"
                  rows={tasks?.away}
                  cols={['title', 'barcode', 'borrower', 'where', 'reader', 'dueDate']}
                />
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

function DeskLend({ unionId, canBorrow, onDone }: { unionId: number; canBorrow: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const me = useSession().schoolId;
  const [schools, setSchools] = useState<UnionMemberDto[]>([]);
  const [schoolId, setSchoolId] = useState<number>();
  const [card, setCard] = useState('');
  const [reader, setReader] = useState<{
    name: string;
    card: string;
    unionLoans: number;
    rule: { maxLoans: number };
  }>();
  const [barcode, setBarcode] = useState('');
  const [lent, setLent] = useState<{ id: number; text: string }[]>([]);
  useEffect(() => {
    api
      .post<UnionMemberDto[]>(`${U}/GetMembers`, { unionId })
      .then((m) => setSchools(m.filter((x) => x.status === 'passed' && x.schoolId !== me)))
      .catch(() => {});
  }, [unionId, me]);
  const find = (v: string) => {
    setReader(undefined);
    if (!schoolId || !v.trim()) return;
    api
      .post<typeof reader>(`${U}/DeskReader`, { unionId, readerSchoolId: schoolId, readerBarcode: v.trim() })
      .then(setReader)
      .catch(() => {});
  };
  const lend = async (v: string) => {
    if (!schoolId || !reader || !v.trim()) return;
    try {
      const r = await api.post<{ id: number; title: string; dueDate: string; reader: { name: string } }>(
        `${U}/DeskLend`,
        {
          unionId,
          readerSchoolId: schoolId,
          readerBarcode: reader.card,
          barcode: v.trim(),
        },
      );
      const text = t('union.lend.lent', { title: r.title, name: r.reader.name, due: r.dueDate });
      notify.success(text);
      setLent((o) => [{ id: r.id, text }, ...o]);
      setBarcode('');
      setReader({ ...reader, unionLoans: reader.unionLoans + 1 });
      onDone();
    } catch {
      /* the refusal is shown */
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="sy-union-desk">
      <Typography.Paragraph type="secondary">{t('union.lend.deskHelp')}</Typography.Paragraph>
      <Space wrap>
        <Select
          style={{ width: 220 }}
          placeholder={t('union.lend.readerSchool')}
          aria-label={t('union.lend.readerSchool')}
          value={schoolId}
          onChange={(v) => {
            setSchoolId(v);
            setReader(undefined);
          }}
          options={schools.map((s) => ({ value: s.schoolId, label: s.schoolName }))}
        />
        <Input.Search
          style={{ width: 300 }}
          className="sy-union-card"
          placeholder={t('union.lend.readerCardHint')}
          aria-label={t('union.lend.readerCard')}
          enterButton={t('union.lend.findReader')}
          value={card}
          onChange={(e) => setCard(e.target.value)}
          onSearch={find}
        />
      </Space>
      {reader && (
        <Alert
          type="success"
          className="sy-union-reader"
          message={t('union.lend.readerFound', {
            name: reader.name,
            card: reader.card,
            count: reader.unionLoans,
            max: reader.rule.maxLoans,
          })}
        />
      )}
      {reader && canBorrow && (
        <Input.Search
          style={{ width: 360 }}
          className="sy-union-lend-barcode"
          placeholder={t('union.lend.barcodeHint')}
          aria-label={t('union.lend.barcode')}
          enterButton={t('union.lend.lend')}
          value={barcode}
          onChange={(e) => setBarcode(e.target.value)}
          onSearch={lend}
        />
      )}
      {lent.map((x) => (
        <Typography.Text key={x.id}>{x.text}</Typography.Text>
      ))}
    </Space>
  );
}

function ToDispatch({ rows, canBorrow, onDone }: { rows?: UnionLoanDto[]; canBorrow: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const send = async (l: UnionLoanDto) => {
    const barcode = (codes[l.id] ?? '').trim();
    if (!barcode) return notify.error(t('union.lend.dispatchHint'));
    const ok = await runStep(
      `${U}/Dispatch`,
      { loanId: l.id, barcode },
      t('union.lend.dispatched', { title: l.title, school: l.borrowerSchoolName }),
    );
    if (ok) onDone();
  };
  return (
    <LoanTable
      className="sy-union-dispatch"
      rows={rows}
      cols={['title', 'borrower', 'reader', 'requestedAt']}
      actions={
        canBorrow
          ? (l) => (
              <Space>
                <Input
                  size="small"
                  style={{ width: 130 }}
                  placeholder={t('union.lend.dispatchHint')}
                  aria-label={t('union.lend.barcode')}
                  value={codes[l.id] ?? ''}
                  onChange={(e) => setCodes((o) => ({ ...o, [l.id]: e.target.value }))}
                  onPressEnter={() => void send(l)}
                />
                <Button size="small" type="primary" onClick={() => void send(l)}>
                  {t('union.lend.dispatch')}
                </Button>
                <Popconfirm
                  title={
                    <Input placeholder={t('union.lend.refuseReason')} onChange={(e) => setReason(e.target.value)} />
                  }
                  onConfirm={async () => {
                    if (await runStep(`${U}/RefuseRequest`, { loanId: l.id, reason }, t('union.lend.refused')))
                      onDone();
                  }}
                >
                  <Button size="small" danger>
                    {t('union.lend.refuse')}
                  </Button>
                </Popconfirm>
              </Space>
            )
          : undefined
      }
    />
  );
}

function Arriving({
  tasks,
  canBorrow,
  onDone,
}: {
  tasks: ReturnType<typeof useLendingTasks>['tasks'];
  canBorrow: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const step = async <R,>(url: string, l: UnionLoanDto, done: string | ((r: R) => string)) => {
    if (await runStep<R>(`${U}/${url}`, { loanId: l.id }, done)) onDone();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={5}>{t('union.lend.state.transit')}</Typography.Title>
      <LoanTable
        className="sy-union-arriving"
        rows={tasks?.arriving}
        cols={['title', 'barcode', 'owner', 'reader']}
        actions={stepAction(canBorrow, t('union.lend.receive'), (l) =>
          step('Receive', l, t('union.lend.received', { title: l.title, name: l.readerName })),
        )}
      />
      <Typography.Title level={5}>{t('union.lend.state.shelf')}</Typography.Title>
      <LoanTable
        className="sy-union-shelf"
        rows={tasks?.onShelf}
        cols={['title', 'barcode', 'owner', 'reader']}
        actions={stepAction(canBorrow, t('union.lend.lendHeld'), (l) =>
          step<{ dueDate: string }>('LendHeld', l, (r) =>
            t('union.lend.lentHeld', { title: l.title, name: l.readerName, due: r.dueDate }),
          ),
        )}
      />
      <Typography.Title level={5}>{t('union.lend.borrowedOut')}</Typography.Title>
      <LoanTable
        className="sy-union-borrowed-out"
        rows={tasks?.borrowedOut}
        cols={['title', 'owner', 'reader', 'state', 'dueDate']}
        actions={
          canBorrow
            ? (l) =>
                l.state === 'requested' ? (
                  <Button size="small" onClick={() => void step('CancelRequest', l, t('union.lend.cancelled'))}>
                    {t('union.lend.cancel')}
                  </Button>
                ) : null
            : undefined
        }
      />
    </Space>
  );
}
