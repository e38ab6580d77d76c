import { SendOutlined } from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { DueLoanDto, SendRemindersResult } from '@shuyuan/contracts/reminders/reminder';
import { App, Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { useColumnChoice } from '../../kit/columns.tsx';
import { specPagination } from '../../kit/pagination.ts';
import type { FieldDef } from '../../kit/types.ts';
import { useOptions } from '../../kit/useOptions.ts';
import { useResourceList } from '../../kit/useResourceList.ts';
import { fmtDay } from '../../kit/time.ts';
import { shortTime } from '../reservations/ui.tsx';

type Kind = 'overdue' | 'due_soon';

const orgField = (entity: string): FieldDef => ({
  name: `${entity.toLowerCase()}Id`,
  label: `reminders.due.${entity.toLowerCase()}`,
  type: 'select',
  options: { url: `${P}/Org/Get${entity}List`, body: { Page: 1, Rows: 500 }, list: true, value: 'id', label: 'name' },
});
const GRADE = orgField('Grade');
const CLASS = orgField('Class');

/**
 * Open loans that are overdue (or due within the school's reminder days), with the reader's e-mail and the
 * last reminder; send reminders for the selected loans or for all of them (one message per reader).
 */
export function DueList({ kind, onSent }: { kind: Kind; onSent: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canSend = usePermission('recall:remind');
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [key, setKey] = useState('');
  const [where, setWhere] = useState<{ gradeId?: number; classId?: number }>({});
  const grades = useOptions(GRADE);
  const classes = useOptions(CLASS);
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const { data, loading } = useResourceList<DueLoanDto>(`${P}/Reminder/GetDueList`, {
    kind,
    SearchKey: key,
    ...where,
    ...page,
    _v: version,
  });

  const send = async (loanIds?: number[]) => {
    setBusy(true);
    try {
      // "Send all" covers what the filters show: the chosen grade / class.
      const r = await api.post<SendRemindersResult>(`${P}/Reminder/SendReminders`, {
        kind,
        loanIds,
        ...(loanIds ? {} : where),
      });
      const text = t('reminders.due.result', { ...r });
      if (r.failed || r.noAddress) modal.warning({ title: t('reminders.due.resultTitle'), content: text });
      else notify.success(text);
      setSelected([]);
      setVersion((v) => v + 1);
      onSent();
    } catch {
      // The HTTP client showed the message (e.g. no SMTP settings).
    } finally {
      setBusy(false);
    }
  };

  // Key columns first (who, what, when due, how late); the rest by priority, so 1024 px keeps the due date and
  // the days overdue on screen (issue 14 §4). The user may show or hide any column (remembered per user).
  const { columns, chooser } = useColumnChoice<DueLoanDto>(
    `reminders.due.${kind}`,
    [
      { key: 'reader', title: t('reminders.due.reader'), render: (_v, r) => `${r.readerName} (${r.readerAccount})` },
      { key: 'title', title: t('reminders.due.title'), dataIndex: 'title', ellipsis: true, width: 220 },
      { key: 'dueDate', title: t('reminders.due.dueDate'), dataIndex: 'dueDate', width: 110 },
      {
        key: 'overdueDays',
        title: t(kind === 'overdue' ? 'reminders.due.overdueDays' : 'reminders.due.daysLeft'),
        dataIndex: 'overdueDays',
        width: 100,
        render: (v: number) =>
          kind === 'overdue' ? <Tag color="red">{v}</Tag> : <Tag color="gold">{Math.abs(v)}</Tag>,
      },
      { key: 'barcode', title: t('reminders.due.barcode'), dataIndex: 'barcode' },
      { key: 'class', title: t('reminders.due.class'), dataIndex: 'className' },
      {
        key: 'email',
        title: t('reminders.due.email'),
        dataIndex: 'email',
        render: (v: string | null) => v || <Tag color="orange">{t('reminders.due.noEmail')}</Tag>,
      },
      {
        key: 'borrowedAt',
        title: t('reminders.due.borrowedAt'),
        dataIndex: 'borrowedAt',
        render: (v: string) => fmtDay(v),
      },
      {
        key: 'lastReminded',
        title: t('reminders.due.lastReminded'),
        dataIndex: 'lastRemindedAt',
        render: (v: string | null) => shortTime(v) || '—',
      },
    ],
    { barcode: 2, class: 2, email: 3, borrowedAt: 3, lastReminded: 2 },
  );

  return (
    <>
      <Form
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v) => {
          setKey(v.SearchKey ?? '');
          setWhere({ gradeId: v.gradeId ?? undefined, classId: v.classId ?? undefined });
          setPage((p) => ({ ...p, Page: 1 }));
        }}
      >
        <Form.Item name="gradeId">
          <Select allowClear options={grades} placeholder={t('reminders.due.grade')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="classId">
          <Select allowClear options={classes} placeholder={t('reminders.due.class')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="SearchKey">
          <Input allowClear placeholder={t('reminders.due.search')} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" type="primary">
            {t('kit.search.search')}
          </Button>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        {canSend && (
          <>
            <Button icon={<SendOutlined />} disabled={!selected.length} loading={busy} onClick={() => send(selected)}>
              {t('reminders.due.sendSelected', { count: selected.length })}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!data.Total}
              loading={busy}
              onClick={() =>
                modal.confirm({
                  title: t(kind === 'overdue' ? 'reminders.due.sendAllOverdue' : 'reminders.due.sendAllSoon'),
                  content: t('reminders.due.sendAllConfirm', { count: data.Total }),
                  onOk: () => send(),
                })
              }
            >
              {t(kind === 'overdue' ? 'reminders.due.sendAllOverdue' : 'reminders.due.sendAllSoon')}
            </Button>
          </>
        )}
        {chooser}
      </Space>
      <Table<DueLoanDto>
        locale={{ emptyText: t(kind === 'overdue' ? 'reminders.due.noneOverdue' : 'reminders.due.noneSoon') }}
        rowKey="loanId"
        size="middle"
        loading={loading}
        dataSource={data.List}
        scroll={{ x: 'max-content' }}
        rowSelection={canSend ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined}
        pagination={specPagination(t, page.Page, page.Rows, data.Total, (Page, Rows) =>
          setPage({ Page: Rows === page.Rows ? Page : 1, Rows }),
        )}
        columns={columns}
      />
    </>
  );
}
