import { P } from '@shuyuan/contracts/common/paths';
import type { UnionLoanDto, UnionLoanState, UnionTasks } from '@shuyuan/contracts/union/lending';
import { Button, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { fmtMinute } from '../../kit/time.ts';

const COLOR: Partial<Record<UnionLoanState, string>> = {
  requested: 'gold',
  transit: 'blue',
  shelf: 'cyan',
  lent: 'green',
  returned: 'purple',
  homebound: 'geekblue',
  refused: 'red',
};

export function StateTag({ state }: { state: UnionLoanState }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[state]}>{t(`union.lend.state.${state}`)}</Tag>;
}

/** Where a loan's copy is, said from the owner's side ("In transit to School B"). */
export function whereOf(t: (k: string, o?: Record<string, unknown>) => string, l: UnionLoanDto): string {
  const away = ['transit', 'shelf', 'lent', 'returned', 'homebound'];
  return away.includes(l.state) ? t(`union.lend.where.${l.state}`, { school: l.borrowerSchoolName }) : '';
}

/** The school's union lending to-do lists (P/Union/GetLendingTasks), reloaded after each step. */
export function useLendingTasks(unionId?: number) {
  const [tasks, setTasks] = useState<UnionTasks | null>(null);
  const load = useCallback(() => {
    api
      .post<UnionTasks>(`${P}/Union/GetLendingTasks`, { unionId })
      .then(setTasks)
      .catch(() => {});
  }, [unionId]);
  useEffect(load, [load]);
  return { tasks, reload: load };
}

/** Runs one step of a loan and says what happened; resolves true when it went through. */
export async function runStep<R = unknown>(
  url: string,
  body: unknown,
  done: string | ((answer: R) => string),
): Promise<boolean> {
  try {
    const answer = await api.post<R>(url, body);
    notify.success(typeof done === 'string' ? done : done(answer));
    return true;
  } catch {
    return false;
  }
}

/** An actions column of one primary button per loan, for users who may act (undefined otherwise). */
export function stepAction(can: boolean, label: string, run: (l: UnionLoanDto) => void) {
  return can
    ? (l: UnionLoanDto) => (
        <Button size="small" type="primary" onClick={() => run(l)}>
          {label}
        </Button>
      )
    : undefined;
}

type Col = 'title' | 'barcode' | 'reader' | 'owner' | 'borrower' | 'state' | 'where' | 'dueDate' | 'requestedAt';

/** A list of union loans with the chosen columns and an actions column. */
export function LoanTable({
  rows,
  cols,
  actions,
  className,
}: {
  rows: UnionLoanDto[] | undefined;
  cols: Col[];
  actions?: (l: UnionLoanDto) => React.ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const all: Record<Col, ColumnsType<UnionLoanDto>[number]> = {
    title: { title: t('union.lend.col.title'), dataIndex: 'title', ellipsis: true },
    barcode: { title: t('union.lend.col.barcode'), dataIndex: 'barcode', width: 130 },
    reader: {
      title: t('union.lend.col.reader'),
      width: 180,
      render: (_, l) => (
        <span>
          {l.readerName} <Typography.Text type="secondary">{l.readerCard}</Typography.Text>
        </span>
      ),
    },
    owner: { title: t('union.lend.col.owner'), dataIndex: 'ownerSchoolName', width: 150 },
    borrower: { title: t('union.lend.col.borrower'), dataIndex: 'borrowerSchoolName', width: 150 },
    state: { title: t('union.lend.col.state'), width: 120, render: (_, l) => <StateTag state={l.state} /> },
    where: { title: t('union.lend.col.where'), width: 220, render: (_, l) => whereOf(t, l) },
    dueDate: {
      title: t('union.lend.col.dueDate'),
      width: 150,
      render: (_, l) =>
        l.dueDate ? (
          <span>
            {l.dueDate}
            {l.overdueDays > 0 && (
              <Tag color="red">
                {t('union.lend.col.overdueDays')}: {l.overdueDays}
              </Tag>
            )}
          </span>
        ) : null,
    },
    requestedAt: { title: t('union.lend.col.requestedAt'), width: 150, render: (_, l) => fmtMinute(l.requestedAt) },
  };
  const columns = cols.map((c) => all[c]);
  if (actions) columns.push({ title: t('union.lend.col.actions'), width: 260, render: (_, l) => actions(l) });
  return (
    <Table<UnionLoanDto>
      size="small"
      rowKey="id"
      className={className}
      dataSource={rows ?? []}
      pagination={false}
      locale={{ emptyText: t('union.lend.empty') }}
      columns={columns}
    />
  );
}
