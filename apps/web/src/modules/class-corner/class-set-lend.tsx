import type { ClassCornerDto, CornerItemResult } from '@shuyuan/contracts/class-corner/corner';
import { Alert, Button, Card, Col, Input, Row, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { CORNER_URLS, splitBarcodes } from './corner-api.ts';
import { ItemResults } from './item-results.tsx';

interface Student {
  id: number;
  account: string;
  name: string;
  state: number;
  open: number;
}

/**
 * Lending by the class librarian: one barcode per student (typed or scanned into the row), or a class set —
 * scan the pile of books and they are handed to the ticked students in list order. One call lends them all;
 * refused lines keep their barcode so they can be fixed and sent again.
 */
export function ClassSetLend({ corner, onLent }: { corner: ClassCornerDto; onLent?: () => void }) {
  const { t } = useTranslation();
  const [students, setStudents] = useState<Student[]>([]);
  const [codes, setCodes] = useState<Record<number, string>>({});
  const [ticked, setTicked] = useState<number[]>([]);
  const [pile, setPile] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<CornerItemResult[] | null>(null);
  const load = useCallback(
    () =>
      api.post<Student[]>(CORNER_URLS.students, { cornerId: corner.id }).then((s) => {
        setStudents(s);
        setTicked(s.filter((x) => x.state === 1).map((x) => x.id));
      }),
    [corner.id],
  );
  useEffect(() => {
    setCodes({});
    setResults(null);
    load().catch(() => {});
  }, [load]);

  const assign = () => {
    const books = splitBarcodes(pile);
    const next = { ...codes };
    const free = students.filter((s) => ticked.includes(s.id) && !next[s.id]);
    free.forEach((s, i) => {
      if (books[i]) next[s.id] = books[i];
    });
    setCodes(next);
    setPile(books.slice(free.length).join('\n'));
  };
  const items = students
    .filter((s) => codes[s.id]?.trim())
    .map((s) => ({ readerId: s.id, barcode: codes[s.id].trim() }));
  const lend = async () => {
    setBusy(true);
    try {
      const r = await api.post<CornerItemResult[]>(CORNER_URLS.lend, { cornerId: corner.id, items });
      setResults(r);
      // Lent lines are done; refused ones keep their barcode for another try.
      const next = { ...codes };
      items.forEach((it, i) => {
        if (r[i]?.ok) delete next[it.readerId];
      });
      setCodes(next);
      await load();
      onLent?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Table<Student>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ y: 520 }}
            dataSource={students}
            rowSelection={{ selectedRowKeys: ticked, onChange: (k) => setTicked(k as number[]) }}
            columns={[
              { title: t('classCorner.col.account'), dataIndex: 'account', width: 130 },
              {
                title: t('classCorner.col.student'),
                key: 'name',
                render: (_, s) => (
                  <>
                    {s.name} {s.state !== 1 && <Tag>{t('classCorner.lend.disabled')}</Tag>}
                  </>
                ),
              },
              { title: t('classCorner.col.onLoan'), dataIndex: 'open', width: 80 },
              {
                title: t('classCorner.col.barcode'),
                key: 'barcode',
                width: 220,
                render: (_, s) => (
                  <Input
                    size="small"
                    allowClear
                    aria-label={t('classCorner.lend.barcodeFor', { name: s.name })}
                    value={codes[s.id] ?? ''}
                    onChange={(e) => setCodes((c) => ({ ...c, [s.id]: e.target.value }))}
                  />
                ),
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('classCorner.lend.classSet')}>
            <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('classCorner.lend.classSetHelp')} />
            <Input.TextArea
              rows={8}
              value={pile}
              onChange={(e) => setPile(e.target.value)}
              placeholder={t('classCorner.lend.pileHint')}
              aria-label={t('classCorner.lend.classSet')}
              data-testid="class-set-pile"
            />
            <Space style={{ marginTop: 8 }}>
              <Button
                data-testid="class-set-assign"
                onClick={assign}
                disabled={!splitBarcodes(pile).length || !ticked.length}
              >
                {t('classCorner.lend.assign', { count: splitBarcodes(pile).length })}
              </Button>
            </Space>
          </Card>
          <Button
            data-testid="class-set-lend"
            type="primary"
            size="large"
            block
            style={{ marginTop: 12 }}
            disabled={!items.length}
            loading={busy}
            onClick={() => lend().catch(() => {})}
          >
            {t('classCorner.lend.lend', { count: items.length })}
          </Button>
        </Col>
      </Row>
      {results && <ItemResults results={results} />}
    </>
  );
}
