import { P } from '@shuyuan/contracts/common/paths';
import type { ListData } from '@shuyuan/contracts/common/envelope';
import { App, Button, Card, Empty, Select, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { useOptions } from '../../kit/useOptions.ts';

const CLASS_FIELD = {
  name: 'classId',
  label: 'readerMoves.transfer.fromClass',
  options: {
    url: `${P}/Org/GetClassList`,
    body: { Page: 1, Rows: 500, state: 1 },
    list: true,
    value: 'id',
    label: 'name',
  },
};

interface Reader {
  id: number;
  account: string;
  name: string;
}

/** Class transfer: pick a class, tick readers, choose the target class, move. */
export function TransferPanel() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canMove = usePermission('department.user-transfer:transfer');
  const classes = useOptions(CLASS_FIELD);
  const [from, setFrom] = useState<number>();
  const [to, setTo] = useState<number>();
  const [readers, setReaders] = useState<Reader[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const load = useCallback((classId?: number) => {
    setSelected([]);
    if (!classId) {
      setReaders([]);
      return;
    }
    api.post<ListData<Reader>>(`${P}/Readers/GetReaderList`, { Page: 1, Rows: 500, classId }).then(
      (d) => setReaders(d.List),
      () => {},
    );
  }, []);
  useEffect(() => load(from), [load, from]);
  const move = async () => {
    setBusy(true);
    try {
      const r = await api.post<{ moved: number }>(`${P}/ReaderMoves/TransferReaders`, {
        readerIds: selected,
        classId: to,
      });
      notify.success(t('readerMoves.transfer.done', { count: r.moved }));
      load(from);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>{t('readerMoves.transfer.fromClass')}</Typography.Text>
        <Select
          showSearch
          optionFilterProp="label"
          options={classes}
          value={from}
          onChange={setFrom}
          placeholder={t('readerMoves.transfer.pickClass')}
          style={{ width: 200 }}
        />
        <Typography.Text>{t('readerMoves.transfer.toClass')}</Typography.Text>
        <Select
          showSearch
          optionFilterProp="label"
          options={classes.filter((c) => c.value !== from)}
          value={to}
          onChange={setTo}
          style={{ width: 200 }}
        />
        <Button
          type="primary"
          disabled={!canMove || !selected.length || !to}
          loading={busy}
          onClick={() =>
            modal.confirm({
              title: t('readerMoves.transfer.confirm', {
                count: selected.length,
                to: classes.find((c) => c.value === to)?.label ?? '',
              }),
              onOk: () => move().catch(() => {}),
            })
          }
        >
          {t('readerMoves.transfer.move', { count: selected.length })}
        </Button>
      </Space>
      <Table<Reader>
        rowKey="id"
        size="small"
        dataSource={readers}
        pagination={false}
        scroll={{ y: 480 }}
        locale={from ? undefined : { emptyText: <Empty description={t('readerMoves.transfer.pickFirst')} /> }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        columns={[
          { title: t('readerMoves.transfer.account'), dataIndex: 'account' },
          { title: t('readerMoves.transfer.name'), dataIndex: 'name' },
        ]}
      />
    </Card>
  );
}
