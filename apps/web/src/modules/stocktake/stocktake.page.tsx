import { ArrowLeftOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { ExportStarted } from '@shuyuan/contracts/kit/resource';
import type { StocktakeSession } from '@shuyuan/contracts/stocktake/stocktake';
import { Button, Card, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { useLocations } from '../catalogue/use-locations.ts';
import { OpenSession } from './open-session.tsx';
import { ScanPanel } from './scan-panel.tsx';
import { useCanView } from './use-can-view.ts';
import { WeedingPanel } from './weeding-panel.tsx';

export const fmtTime = (v: string | null) => (v ? new Date(v).toLocaleString() : '');

/**
 * The session's whole report as one workbook (totals, then a sheet per list), written by a task the download
 * panel follows. Needs `book-inventory:export`.
 */
function ExportSession({ sessionId, link }: { sessionId: number; link?: boolean }) {
  const { t } = useTranslation();
  const can = usePermission('book-inventory:export');
  const [busy, setBusy] = useState(false);
  if (!can) return null;
  const start = async () => {
    setBusy(true);
    try {
      const job = await api.post<ExportStarted>(`${P}/Stocktake/ExportSession`, { sessionId });
      downloads.track({ id: job.DataID, fileName: job.FileName });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      className="sy-stocktake-export"
      size={link ? 'small' : undefined}
      type={link ? 'link' : 'default'}
      icon={link ? undefined : <ExportOutlined />}
      loading={busy}
      onClick={() => void start().catch(() => {})}
    >
      {t('stocktake.session.export')}
    </Button>
  );
}

/** /book-inventory (图书盘点): stocktake sessions, scanning into one, closing it; weeding as a second tab. */
export default function StocktakePage() {
  const { t } = useTranslation();
  const canWeedView = useCanView('/weeding');
  return (
    <Card className="sy-stocktake">
      <Tabs
        items={[
          { key: 'sessions', label: t('stocktake.tabs.sessions'), children: <Sessions /> },
          ...(canWeedView ? [{ key: 'weeding', label: t('stocktake.tabs.weeding'), children: <WeedingPanel /> }] : []),
        ]}
      />
    </Card>
  );
}

function Sessions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canRun = usePermission('book-inventory:stocktake');
  const canReport = useCanView('/inventory-report');
  const locations = useLocations();
  const [q, setQ] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: StocktakeSession[]; Total: number }>({ List: [], Total: 0 });
  const [current, setCurrent] = useState<StocktakeSession | null>(null);
  const [opening, setOpening] = useState(false);
  const load = useCallback(async () => setData(await api.post(`${P}/Stocktake/GetSessionList`, q)), [q]);
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);
  const refresh = async (id: number) => {
    setCurrent(await api.post<StocktakeSession>(`${P}/Stocktake/GetSession`, { sessionId: id }));
  };
  const scope = (s: StocktakeSession) => {
    const locs = s.locationIds.map((id) => locations.find((l) => l.value === id)?.label ?? `#${id}`);
    const range = s.callNoFrom || s.callNoTo ? `${s.callNoFrom || '…'} – ${s.callNoTo || '…'}` : '';
    return [...locs, range].filter(Boolean).join('；') || t('stocktake.session.everything');
  };

  if (current) {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => {
              setCurrent(null);
              void load().catch(() => {});
            }}
          >
            {t('stocktake.session.back')}
          </Button>
          <ExportSession sessionId={current.id} />
        </Space>
        <ScanPanel session={current} onChanged={() => void refresh(current.id).catch(() => {})} />
      </Space>
    );
  }
  return (
    <>
      {canRun && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => setOpening(true)}>
          {t('stocktake.open.button')}
        </Button>
      )}
      <Table<StocktakeSession>
        className="sy-stocktake-sessions"
        rowKey="id"
        dataSource={data.List}
        pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) => setQ({ Page, Rows }))}
        columns={[
          { title: t('stocktake.session.name'), dataIndex: 'name' },
          { title: t('stocktake.session.scope'), key: 'scope', render: (_, s) => scope(s) },
          {
            title: t('stocktake.session.state'),
            dataIndex: 'state',
            render: (v: string) => (
              <Tag color={v === 'open' ? 'processing' : 'default'}>{t(`stocktake.state.${v}`)}</Tag>
            ),
          },
          { title: t('stocktake.session.expected'), dataIndex: 'expectedCount' },
          { title: t('stocktake.session.found'), dataIndex: 'foundCount' },
          { title: t('stocktake.session.scans'), dataIndex: 'scanCount' },
          { title: t('stocktake.session.createdBy'), dataIndex: 'createdByName' },
          { title: t('stocktake.session.createdAt'), dataIndex: 'createdAt', render: fmtTime },
          { title: t('stocktake.session.closedAt'), dataIndex: 'closedAt', render: fmtTime },
          {
            title: t('stocktake.session.actions'),
            key: 'actions',
            render: (_, s) => (
              <Space>
                <Button size="small" type="link" onClick={() => setCurrent(s)}>
                  {s.state === 'open' && canRun ? t('stocktake.session.scan') : t('stocktake.session.view')}
                </Button>
                {canReport && (
                  <Button size="small" type="link" onClick={() => navigate(`/inventory-report?session=${s.id}`)}>
                    {t('stocktake.session.report')}
                  </Button>
                )}
                <ExportSession sessionId={s.id} link />
              </Space>
            ),
          },
        ]}
      />
      {opening && (
        <OpenSession
          onClose={(id) => {
            setOpening(false);
            if (id) void refresh(id).catch(() => {});
            void load().catch(() => {});
          }}
        />
      )}
    </>
  );
}
