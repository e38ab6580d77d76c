import type { CaptureCandidate, CaptureSearchResult } from '@shuyuan/contracts/capture/capture';
import { P } from '@shuyuan/contracts/common/paths';
import { Alert, Button, Form, Input, Modal, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../app/http.ts';

interface Props {
  /** The ISBN typed on the cataloguing screen, asked again here. */
  isbn: string;
  onPick: (c: CaptureCandidate) => void;
  onClose: () => void;
}

/**
 * Copy cataloguing across the enabled sources (SRU and Z39.50): by ISBN, title, author or keyword; every record
 * offered side by side with its source, and a warning on those whose ISBN is not the one asked. Picking one
 * hands its fields to the cataloguing form.
 */
export function CaptureSearchModal({ isbn, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CaptureSearchResult | null>(null);
  const [error, setError] = useState<{ msg: string; noSource: boolean } | null>(null);
  const navigate = useNavigate();

  const search = async () => {
    const v = form.getFieldsValue();
    setBusy(true);
    setError(null);
    try {
      setResult(await api.post<CaptureSearchResult>(`${P}/Capture/SearchSources`, v, { showError: false }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setResult(null);
      const msg = e.issues?.length ? e.issues.map((i) => i.message).join('；') : e.msg;
      setError({ msg, noSource: e.errorCode === 'CAPTURE_NO_SOURCE' });
    } finally {
      setBusy(false);
    }
  };

  const failed = result?.sources.filter((s) => !s.ok) ?? [];
  return (
    <Modal open width={1100} title={t('capture.search.title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Form
        form={form}
        layout="inline"
        initialValues={{ isbn, title: '', author: '', keyword: '' }}
        onFinish={() => void search().catch(() => {})}
        className="sy-capture-search-form"
      >
        <Form.Item name="isbn" label={t('capture.search.isbn')}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="title" label={t('capture.search.titleField')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="author" label={t('capture.search.author')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="keyword" label={t('capture.search.keyword')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} className="sy-capture-search-go">
          {t('capture.search.go')}
        </Button>
      </Form>
      {error && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          message={error.msg}
          action={
            error.noSource ? (
              <Button
                size="small"
                onClick={() => {
                  onClose();
                  navigate('/capture-sources');
                }}
              >
                {t('capture.search.setUp')}
              </Button>
            ) : undefined
          }
        />
      )}
      {result && (
        <>
          <Space wrap style={{ margin: '16px 0 8px' }} className="sy-capture-search-sources">
            {result.sources.map((s) => (
              <Tag key={s.id} color={s.ok ? 'blue' : 'red'}>
                {s.ok ? t('capture.search.sourceTotal', { name: s.name, total: s.total }) : s.name}
              </Tag>
            ))}
          </Space>
          {failed.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              message={t('capture.search.failed')}
              description={failed.map((s) => s.message).join('；')}
            />
          )}
          <Table<CaptureCandidate>
            className="sy-capture-candidates"
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={result.candidates}
            locale={{ emptyText: t('capture.search.none') }}
            scroll={{ y: 420 }}
            columns={[
              { title: t('capture.search.source'), key: 'source', width: 150, render: (_, c) => c.source.name },
              { title: t('capture.search.titleField'), dataIndex: 'title' },
              { title: t('capture.search.author'), dataIndex: 'author', width: 150 },
              { title: t('capture.search.publisher'), dataIndex: 'publisher', width: 160 },
              { title: t('capture.search.year'), dataIndex: 'pubYear', width: 70 },
              {
                title: 'ISBN',
                key: 'isbn',
                width: 170,
                render: (_, c) => (
                  <div>
                    <div>{c.isbn || '—'}</div>
                    {c.isbnMismatch && (
                      <Tooltip title={c.warnings[0]}>
                        <Tag color="orange" className="sy-isbn-mismatch">
                          {t('capture.search.isbnDiffers')}
                        </Tag>
                      </Tooltip>
                    )}
                  </div>
                ),
              },
              {
                title: t('capture.sources.actions'),
                key: 'pick',
                width: 90,
                render: (_, c) =>
                  Object.keys(c.fields).length ? (
                    <Button size="small" type="link" className="sy-capture-pick" onClick={() => onPick(c)}>
                      {t('capture.search.pick')}
                    </Button>
                  ) : (
                    <Tooltip title={c.warnings.join('；')}>
                      <Tag>{t('capture.search.unusable')}</Tag>
                    </Tooltip>
                  ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
