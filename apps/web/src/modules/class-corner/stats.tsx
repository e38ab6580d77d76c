import { ExportOutlined } from '@ant-design/icons';
import { CORNER_SCREENS, type CornerUseRow, type RankRow } from '@shuyuan/contracts/class-corner/corner';
import type { ExportStarted } from '@shuyuan/contracts/kit/resource';
import { Button, Card, DatePicker, Radio, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { CORNER_URLS } from './corner-api.ts';

type Preset = 'week' | 'month' | 'term' | 'custom';
const D = 'YYYY-MM-DD';

function rangeOf(p: Preset): [Dayjs, Dayjs] {
  const today = dayjs();
  if (p === 'week') return [today.subtract(6, 'day'), today];
  if (p === 'term') return [today.subtract(5, 'month'), today];
  return [today.subtract(29, 'day'), today];
}

/** A period chooser (last week / last month — the spec's TOP100 periods — / half a year / custom). */
function usePeriod() {
  const [preset, setPreset] = useState<Preset>('month');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(rangeOf('month'));
  const { t } = useTranslation();
  const control = (
    <Space wrap>
      <Radio.Group
        value={preset}
        onChange={(e) => {
          setPreset(e.target.value);
          if (e.target.value !== 'custom') setRange(rangeOf(e.target.value));
        }}
        optionType="button"
        options={(['week', 'month', 'term', 'custom'] as const).map((p) => ({
          value: p,
          label: t(`classCorner.period.${p}`),
        }))}
      />
      {preset === 'custom' && (
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
      )}
    </Space>
  );
  return { from: range[0].format(D), to: range[1].format(D), control };
}

/** The screen's export (needs `<code>:export`): the same period, written as xlsx by a task the download panel follows. */
function ExportButton({ code, url, from, to }: { code: string; url: string; from: string; to: string }) {
  const { t } = useTranslation();
  const can = usePermission(`${code}:export`);
  const [busy, setBusy] = useState(false);
  if (!can) return null;
  const start = async () => {
    setBusy(true);
    try {
      const job = await api.post<ExportStarted>(url, { from, to, limit: 100 });
      downloads.track({ id: job.DataID, fileName: job.FileName });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      className="sy-corner-export"
      icon={<ExportOutlined />}
      loading={busy}
      onClick={() => void start().catch(() => {})}
    >
      {t('classCorner.export.button')}
    </Button>
  );
}

/** A TOP-N ranking screen: titles, classes or students by loans of corner books in the period. */
export function RankScreen({
  url,
  exportUrl,
  code,
  nameKey,
  detailKey,
}: {
  url: string;
  exportUrl: string;
  code: string;
  nameKey: string;
  detailKey: string;
}) {
  const { t } = useTranslation();
  const { from, to, control } = usePeriod();
  const [rows, setRows] = useState<RankRow[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setLoading(true);
    api
      .post<{ List: RankRow[] }>(url, { from, to, limit: 100 })
      .then(
        (d) => setRows(d.List),
        () => {},
      )
      .finally(() => setLoading(false));
  }, [url, from, to]);
  const columns: ColumnsType<RankRow> = [
    { title: t('classCorner.rank.rank'), dataIndex: 'rank', width: 70 },
    { title: t(nameKey), dataIndex: 'name' },
    { title: t(detailKey), dataIndex: 'detail' },
    { title: t('classCorner.rank.loans'), dataIndex: 'loans', width: 100 },
  ];
  return (
    <Card
      size="small"
      title={t('classCorner.rank.top100', { from, to })}
      extra={
        <Space wrap>
          {control}
          <ExportButton code={code} url={exportUrl} from={from} to={to} />
        </Space>
      }
    >
      <Table rowKey="id" size="small" loading={loading} columns={columns} dataSource={rows} pagination={false} />
    </Card>
  );
}

/** /class-bookuse: each corner's books, books out now, loans and borrowers in the period, class size. */
export function UseScreen() {
  const { t } = useTranslation();
  const { from, to, control } = usePeriod();
  const [rows, setRows] = useState<CornerUseRow[]>([]);
  useEffect(() => {
    api.post<{ List: CornerUseRow[] }>(CORNER_URLS.use, { from, to }).then(
      (d) => setRows(d.List),
      () => {},
    );
  }, [from, to]);
  return (
    <Card
      size="small"
      title={t('classCorner.use.title', { from, to })}
      extra={
        <Space wrap>
          {control}
          <ExportButton code={CORNER_SCREENS.use} url={CORNER_URLS.exportUse} from={from} to={to} />
        </Space>
      }
    >
      <Table<CornerUseRow>
        rowKey="cornerId"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('classCorner.use.corner'), dataIndex: 'cornerName' },
          { title: t('classCorner.corner.class'), dataIndex: 'className' },
          { title: t('classCorner.corner.copies'), dataIndex: 'copies', width: 90 },
          { title: t('classCorner.corner.onLoan'), dataIndex: 'onLoan', width: 90 },
          { title: t('classCorner.use.loans'), dataIndex: 'loans', width: 100 },
          {
            title: t('classCorner.use.borrowers'),
            key: 'b',
            width: 160,
            render: (_, r) => (
              <>
                {r.borrowers} / {r.students}{' '}
                <Typography.Text type="secondary">
                  {r.students ? `(${Math.round((r.borrowers / r.students) * 100)}%)` : ''}
                </Typography.Text>
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
