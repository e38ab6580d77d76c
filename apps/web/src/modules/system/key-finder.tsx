import { type ServerKey, TRANSLATION_PATHS } from '@shuyuan/contracts/translation/translation';
import { Button, Input, Modal, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { builtInTexts } from './live-i18n.ts';

interface KeyRow {
  key: string;
  source: 'web' | 'server';
  zh: string;
  en: string;
}

/**
 * Helps find the key behind a text: every web key (from the shipped i18n files, with the text now shown) and
 * every server message key (from the server), searchable by key or text. "Use" starts an override of it.
 */
export function KeyFinder({
  open,
  onClose,
  onUse,
}: {
  open: boolean;
  onClose: () => void;
  onUse: (row: KeyRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<KeyRow[]>([]);
  const [q, setQ] = useState('');
  useEffect(() => {
    if (!open || rows.length) return;
    void Promise.all([builtInTexts(), api.post<ServerKey[]>(TRANSLATION_PATHS.serverKeys, {})]).then(
      ([web, server]) => {
        const list: KeyRow[] = Object.keys(web.zh).map((key) => ({
          key,
          source: 'web',
          zh: i18n.t(key, { lng: 'zh', defaultValue: web.zh[key] }),
          en: i18n.t(key, { lng: 'en', defaultValue: web.en[key] ?? '' }),
        }));
        for (const s of server) list.push({ ...s, source: 'server' });
        setRows(list.sort((a, b) => a.key.localeCompare(b.key)));
      },
    );
  }, [open, rows.length, i18n]);
  const shown = useMemo(() => {
    const s = q.trim().toLowerCase();
    if (!s) return rows;
    return rows.filter(
      (r) => r.key.toLowerCase().includes(s) || r.zh.toLowerCase().includes(s) || r.en.toLowerCase().includes(s),
    );
  }, [rows, q]);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={900} title={t('system.transition.finder.title')}>
      <Input.Search
        allowClear
        placeholder={t('system.transition.finder.search')}
        onSearch={setQ}
        onChange={(e) => !e.target.value && setQ('')}
        style={{ marginBottom: 8, maxWidth: 360 }}
      />
      <Table<KeyRow>
        rowKey={(r) => `${r.source}:${r.key}`}
        size="small"
        loading={open && !rows.length}
        dataSource={shown}
        pagination={{ showSizeChanger: false, showTotal: (n) => t('system.transition.finder.count', { count: n }) }}
        columns={[
          { key: 'key', title: t('system.transition.key'), dataIndex: 'key', width: 260 },
          {
            key: 'source',
            title: t('system.transition.finder.source'),
            width: 100,
            render: (_v, r) => <Tag>{t(`system.transition.finder.${r.source}`)}</Tag>,
          },
          { key: 'zh', title: t('system.transition.zh'), dataIndex: 'zh' },
          { key: 'en', title: t('system.transition.en'), dataIndex: 'en' },
          {
            key: 'use',
            width: 80,
            render: (_v, r) => (
              <Button type="link" size="small" onClick={() => onUse(r)}>
                {t('system.transition.finder.use')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
