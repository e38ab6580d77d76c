import { Button, Empty, Pagination, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../app/http.ts';
import { addDomains } from '../../i18n/index.ts';
import en from '../../i18n/en/printing.json';
import zh from '../../i18n/zh/printing.json';
import { PR } from './api.ts';

// A public page outside the staff layout: it brings its own texts (the back office's are not loaded here).
addDomains({ './zh/printing.json': zh, './en/printing.json': en });

interface View {
  schoolName: string;
  first: string;
  last: string;
  remark: string;
  Total: number;
  List: { barcode: string; used: boolean }[];
}

const ROWS = 60;

/**
 * /barcode-prepriting-view?token=…: the barcodes of a pre-printed range, without sign-in (a link the library
 * sends to a print shop or keeps beside the label printer). Only the unguessable token opens it.
 */
export default function PreprintViewPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [page, setPage] = useState(1);
  const [view, setView] = useState<View | null | 'missing'>(null);
  useEffect(() => {
    if (!token) return setView('missing');
    api
      .post<View>(`${PR}/GetPreprintView`, { token, Page: page, Rows: ROWS }, { showError: false })
      .then(setView, () => setView('missing'));
  }, [token, page]);

  if (view === null) return <Spin style={{ display: 'block', margin: 64 }} />;
  if (view === 'missing') return <Empty style={{ marginTop: 96 }} description={t('printing.view.notFound')} />;
  return (
    <div style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} className="sy-no-print">
        <div>
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            {t('printing.view.title', { school: view.schoolName })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('printing.view.range', { first: view.first, last: view.last, total: view.Total })}
            {view.remark && ` · ${view.remark}`}
          </Typography.Text>
        </div>
        <Button onClick={() => window.print()}>{t('printing.view.print')}</Button>
      </Space>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
          gap: 12,
          marginTop: 16,
        }}
      >
        {view.List.map((b) => (
          <div
            key={b.barcode}
            style={{ border: '1px solid #eee', padding: 8, textAlign: 'center', breakInside: 'avoid' }}
          >
            <img
              alt={b.barcode}
              src={`${PR}/PreprintBarcodeImage?token=${encodeURIComponent(token)}&code=${encodeURIComponent(b.barcode)}`}
              style={{ width: '100%', height: 48, objectFit: 'contain' }}
            />
            <div style={{ fontFamily: 'monospace' }}>
              {b.barcode} {b.used && <Tag color="orange">{t('printing.view.used')}</Tag>}
            </div>
          </div>
        ))}
      </div>
      <Pagination
        className="sy-no-print"
        style={{ marginTop: 16, textAlign: 'center' }}
        current={page}
        pageSize={ROWS}
        total={view.Total}
        showSizeChanger={false}
        onChange={setPage}
      />
    </div>
  );
}
