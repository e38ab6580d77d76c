import { ExportOutlined, FileAddOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { marcIssues } from '@shuyuan/contracts/marc/editor';
import type { MarcExportFormat } from '@shuyuan/contracts/marc/api';
import type { MarcFlavour, MarcRecord } from '@shuyuan/contracts/marc/record';
import { Alert, Button, Card, Col, Dropdown, Empty, Input, List, Row, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { type EditRecord, fromMarc, issueMap, toPlain, translateIssues } from './edit-model.ts';
import { FieldRows } from './field-rows.tsx';

const CODE = 'Marc';

interface Found {
  id: number;
  title: string;
  author: string;
  isbn: string;
  pubYear: number | null;
}
interface Loaded {
  id: number;
  title: string;
  built: boolean;
  flavour: MarcFlavour;
  record: MarcRecord;
}

/**
 * /Marc: the MARC record editor. Find a record (title, ISBN, barcode…), edit its leader, control fields and
 * data fields with indicators and $subfields; checked as you type and by the server, which re-derives the
 * record's fields and search entry from the MARC through the school's mapping rules.
 */
export default function MarcEditorPage() {
  const { t } = useTranslation();
  const canEdit = usePermission(`${CODE}:edit`);
  const canExport = usePermission(`${CODE}:export`);
  const [key, setKey] = useState('');
  const [found, setFound] = useState<Found[]>([]);
  const [searching, setSearching] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [rec, setRec] = useState<EditRecord | null>(null);
  const [serverIssues, setServerIssues] = useState<{ path: string; message: string }[]>([]);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [newFlavour, setNewFlavour] = useState<MarcFlavour | null>(null);

  const search = async () => {
    if (!key.trim()) return;
    setSearching(true);
    try {
      const r = await api.post<{ List: Found[] }>(`${P}/Marc/FindRecords`, { SearchKey: key.trim(), Rows: 20 });
      setFound(r.List);
      if (r.List.length === 1) await open(r.List[0].id);
    } finally {
      setSearching(false);
    }
  };
  const open = async (id: number) => {
    const r = await api.post<Loaded>(`${P}/Marc/GetRecord`, { id }, { loading: true });
    setLoaded(r);
    setRec(fromMarc(r.record));
    setServerIssues([]);
    setTried(false);
  };
  // A new record starts from the school's MARC format (CNMARC or MARC21, an editing setting).
  const startNew = async () => {
    const tpl = await api.post<{ flavour: MarcFlavour; record: MarcRecord }>(`${P}/Marc/NewRecordTemplate`, {});
    setLoaded(null);
    setNewFlavour(tpl.flavour);
    setRec(fromMarc(tpl.record));
    setServerIssues([]);
    setTried(false);
  };

  const local = useMemo(() => (rec ? translateIssues(marcIssues(toPlain(rec)), t) : []), [rec, t]);
  // Local checks show once the cataloguer tries to save (not while a new record is still empty).
  const shown = issueMap([...(tried ? local : []), ...serverIssues]);
  const edit = (next: EditRecord) => {
    setRec(next);
    setServerIssues([]);
  };

  const save = async () => {
    if (!rec) return;
    setTried(true);
    if (local.length) return;
    setSaving(true);
    try {
      const r = await api.post<{ id: number }>(
        `${P}/Marc/Post`,
        { id: loaded?.id, record: toPlain(rec) },
        { showError: false },
      );
      notify.success(t('marc.editor.saved'));
      await open(r.id);
    } catch (e) {
      if (e instanceof ApiError && e.issues?.length) setServerIssues(e.issues);
      else notify.error(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setSaving(false);
    }
  };

  // The saved record (with the school's copies as 852), as the MARC export screen writes it.
  const exportAs = async (format: MarcExportFormat) => {
    if (loaded) await api.download(`${P}/Marc/ExportRecord`, { id: loaded.id, format });
  };

  const leaderErr = shown.get('leader');
  const general = [...(shown.get('fields') ?? []), ...(shown.get('record') ?? [])];

  return (
    <Row gutter={16} className="sy-marc-editor">
      <Col xs={24} lg={7}>
        <Card size="small" title={t('marc.editor.find')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.Search
              className="sy-marc-find"
              value={key}
              allowClear
              placeholder={t('marc.editor.findHint')}
              onChange={(e) => setKey(e.target.value)}
              onSearch={() => void search()}
              loading={searching}
              enterButton
            />
            {canEdit && (
              <Button
                block
                className="sy-marc-new"
                icon={<FileAddOutlined />}
                onClick={() => void startNew().catch(() => {})}
              >
                {t('marc.editor.new')}
              </Button>
            )}
            <List
              size="small"
              dataSource={found}
              locale={{ emptyText: t('marc.editor.noneFound') }}
              renderItem={(r) => (
                <List.Item
                  style={{ cursor: 'pointer', background: loaded?.id === r.id ? '#e6f4ff' : undefined }}
                  onClick={() => void open(r.id)}
                >
                  <List.Item.Meta
                    title={r.title}
                    description={[r.author, r.isbn, r.pubYear].filter(Boolean).join(' · ')}
                  />
                </List.Item>
              )}
            />
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        {!rec ? (
          <Card>
            <Empty description={t('marc.editor.empty')} />
          </Card>
        ) : (
          <Card
            size="small"
            title={
              <Space>
                {loaded ? t('marc.editor.editing', { id: loaded.id, title: loaded.title }) : t('marc.editor.newTitle')}
                {(loaded?.flavour ?? newFlavour) && (
                  <Tag className="sy-marc-flavour">{t(`marc.editor.flavour.${loaded?.flavour ?? newFlavour}`)}</Tag>
                )}
              </Space>
            }
            extra={
              <Space>
                {canExport && loaded && (
                  <Dropdown
                    menu={{
                      items: [
                        { key: 'iso2709', label: t('marc.editor.exportIso') },
                        { key: 'marcxml', label: t('marc.editor.exportXml') },
                      ],
                      onClick: ({ key }) => void exportAs(key as MarcExportFormat).catch(() => {}),
                    }}
                  >
                    <Button className="sy-marc-export" icon={<ExportOutlined />}>
                      {t('marc.editor.export')}
                    </Button>
                  </Dropdown>
                )}
                {canEdit && (
                  <>
                    <Button
                      icon={<UndoOutlined />}
                      onClick={() => void (loaded ? open(loaded.id) : startNew()).catch(() => {})}
                    >
                      {t('marc.editor.revert')}
                    </Button>
                    <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
                      {t('marc.editor.save')}
                    </Button>
                  </>
                )}
              </Space>
            }
          >
            <Space direction="vertical" style={{ width: '100%' }}>
              {loaded?.built && <Alert type="info" showIcon message={t('marc.editor.built')} />}
              {general.map((m) => (
                <Alert key={m} type="error" showIcon message={m} />
              ))}
              <Space align="start">
                <Typography.Text strong style={{ width: 60, display: 'inline-block', lineHeight: '32px' }}>
                  LDR
                </Typography.Text>
                <div>
                  <Input
                    value={rec.leader}
                    maxLength={24}
                    showCount
                    readOnly={!canEdit}
                    status={leaderErr ? 'error' : undefined}
                    style={{ fontFamily: 'monospace', width: 300 }}
                    aria-label={t('marc.editor.leader')}
                    onChange={(e) => edit({ ...rec, leader: e.target.value })}
                  />
                  {leaderErr && (
                    <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
                      {leaderErr.join('; ')}
                    </Typography.Text>
                  )}
                </div>
              </Space>
              <FieldRows
                fields={rec.fields}
                issues={shown}
                readOnly={!canEdit}
                onChange={(fields) => edit({ ...rec, fields })}
              />
              <Typography.Text type="secondary">{t('marc.editor.help')}</Typography.Text>
            </Space>
          </Card>
        )}
      </Col>
    </Row>
  );
}
