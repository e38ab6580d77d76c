import type { RecordMatch } from '@shuyuan/contracts/catalogue/duplicates';
import { CopyAdd, RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { P } from '@shuyuan/contracts/common/paths';
import { Alert, Button, Card, Divider, Form, Input, List, Result, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { ApiError, api } from '../../app/http.ts';
import { CaptureSearchModal } from '../capture/capture-search.tsx';
import { CopyFields, copyBody, copyDefaults } from './copy-fields.tsx';
import { RecordFields, recordBody } from './record-form.tsx';
import { clearOnChange, postChecked } from './submit.ts';
import { useEditingConfig, useEditingOptions } from './use-options.ts';

interface Captured {
  source: { name: string };
  fields: Record<string, unknown>;
  warnings: string[];
  isbnMismatch?: boolean;
}
type Lookup =
  /** records the school may already have: found by the ISBN looked up, or by the form's keys when saving */
  | { kind: 'dup'; list: RecordMatch[]; saving?: boolean }
  | { kind: 'captured'; source: string; warnings: string[]; mismatch?: boolean }
  | { kind: 'none'; msg: string };
interface Saved {
  id: number;
  title: string;
  bookNo: string;
  copies?: { barcode: string; callNo: string }[];
  /** why the copies were refused (the record itself was saved) */
  refused?: string;
}

/** What the duplicate warning compares: the record's identifiers, title, author and year, and its MARC. */
const matchBody = (v: Record<string, any>) => ({
  title: v.title ?? '',
  author: v.author ?? '',
  pubYear: v.pubYear === '' ? null : (v.pubYear ?? null),
  isbn: v.isbn ?? '',
  issn: v.issn ?? '',
  marc: v.marc ?? undefined,
});

/**
 * /book-editing — the cataloguer's main screen: ISBN first. A title the school already has is shown (add
 * copies to it instead); the form is checked again on saving, by every match key (001/003, 035, ISBN, ISSN,
 * title + author + year), and saved as new only when the cataloguer says so; otherwise the record is fetched from the copy-cataloguing sources, completed by
 * hand (class number picker, book number), saved, and its copies added with generated or scanned barcodes.
 */
export default function BookEditingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canAdd = usePermission('book-editing:add');
  const { config } = useEditingConfig();
  const opts = useEditingOptions();
  const [form] = Form.useForm();
  const [isbn, setIsbn] = useState('');
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [searching, setSearching] = useState(false);
  const classNo = Form.useWatch('classNo', form);
  const bookNo = Form.useWatch('bookNo', form);

  const startForm = (fields: Record<string, unknown>) => {
    form.resetFields();
    form.setFieldsValue({
      resourceTypeId: config.defaultResourceTypeId ?? undefined,
      bookNoAuto: true,
      ...copyDefaults(config),
      ...fields,
    });
    setSaved(null);
    setEditing(true);
  };

  /** A record copied from a source fills the form (its own ISBN when the cataloguer typed none). */
  const fillCaptured = (c: Captured, code: string) => {
    setLookup({ kind: 'captured', source: c.source.name, warnings: c.warnings ?? [], mismatch: c.isbnMismatch });
    const price = c.fields.priceFen == null ? undefined : Number(c.fields.priceFen) / 100;
    const own = code || c.fields.isbn;
    startForm({ ...c.fields, isbn: own, price: c.fields.price ?? price, unitPrice: c.fields.price ?? price });
  };

  const capture = async (code: string) => {
    try {
      fillCaptured(await api.post<Captured>(`${P}/Capture/MarcDataGrad`, { isbn: code }, { showError: false }), code);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setLookup({ kind: 'none', msg: err.status === 404 ? t('catalogue.editing.noCapture') : err.msg });
      startForm({ isbn: code });
    }
  };

  const look = async (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    setBusy(true);
    try {
      const dups = await api.post<RecordMatch[]>(`${P}/Catalogue/RecordsByMatchKeys`, { isbn: code });
      if (dups.length) {
        setLookup({ kind: 'dup', list: dups });
        setEditing(false);
      } else await capture(code);
    } finally {
      setBusy(false);
    }
  };

  const save = async (anyway = false) => {
    const v = form.getFieldsValue(true);
    setBusy(true);
    try {
      // A record saved earlier whose copies were refused keeps its id: only the copies are sent again.
      let rec = saved && !saved.copies ? saved : null;
      if (!rec) {
        if (!anyway) {
          const dups = await api.post<RecordMatch[]>(`${P}/Catalogue/RecordsByMatchKeys`, matchBody(v));
          if (dups.length) {
            setLookup({ kind: 'dup', list: dups, saving: true });
            return;
          }
        }
        const r = await postChecked<{ id: number; bookNo: string }>(
          form,
          RecordCreate,
          `${P}/Literature/AddItemsCatalogueInfo`,
          recordBody(v),
        );
        if (!r) return;
        rec = { id: r.id, bookNo: r.bookNo, title: v.title };
        setSaved(rec);
        form.setFieldValue('bookNo', r.bookNo);
        form.setFieldValue('bookNoAuto', false);
      }
      const saving = rec;
      const c = await postChecked<{ List: { barcode: string; callNo: string }[] }>(
        form,
        CopyAdd,
        `${P}/Literature/AddItemsCollectionInfo`,
        copyBody(v, rec.id),
        (reason) => setSaved({ ...saving, refused: reason }),
      );
      if (c) setSaved({ ...rec, copies: c.List });
    } finally {
      setBusy(false);
    }
  };

  const next = () => {
    setSaved(null);
    setEditing(false);
    setLookup(null);
    setIsbn('');
  };

  if (saved?.copies)
    return (
      <Card className="sy-book-editing">
        <Result
          status="success"
          className="sy-editing-done"
          title={t('catalogue.editing.done', { title: saved.title, count: saved.copies.length })}
          subTitle={t('catalogue.editing.callNo', { callNo: saved.copies[0]?.callNo ?? '' })}
          extra={[
            <Button type="primary" key="next" onClick={next}>
              {t('catalogue.editing.next')}
            </Button>,
            <Button key="copies" onClick={() => navigate(`/book-editing3?recordId=${saved.id}`)}>
              {t('catalogue.editing.openCopies')}
            </Button>,
          ]}
        >
          <Space wrap className="sy-editing-barcodes">
            {saved.copies.map((c) => (
              <Tag key={c.barcode}>{c.barcode}</Tag>
            ))}
          </Space>
        </Result>
      </Card>
    );

  return (
    <Card className="sy-book-editing">
      <Space wrap>
        <Input.Search
          className="sy-isbn-search"
          style={{ width: 360 }}
          autoFocus
          allowClear
          placeholder={t('catalogue.editing.isbnPlaceholder')}
          enterButton={t('catalogue.editing.lookUp')}
          loading={busy}
          value={isbn}
          onChange={(e) => setIsbn(e.target.value)}
          onSearch={(v) => void look(v).catch(() => {})}
        />
        <Button className="sy-capture-search-open" onClick={() => setSearching(true)}>
          {t('capture.search.open')}
        </Button>
        <Button onClick={() => startForm({ isbn: isbn.trim() })}>{t('catalogue.editing.byHand')}</Button>
      </Space>
      {searching && (
        <CaptureSearchModal
          isbn={isbn.trim()}
          onClose={() => setSearching(false)}
          onPick={(c) => {
            setSearching(false);
            fillCaptured(c, isbn.trim());
          }}
        />
      )}
      {lookup?.kind === 'dup' && (
        <Alert
          className="sy-editing-dup"
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          message={t(lookup.saving ? 'catalogue.editing.duplicateSaving' : 'catalogue.editing.duplicate', {
            count: lookup.list.length,
          })}
          description={
            <List
              size="small"
              dataSource={lookup.list}
              renderItem={(d) => (
                <List.Item
                  actions={[
                    <Button key="c" type="link" onClick={() => navigate(`/book-editing3?recordId=${d.id}`)}>
                      {t('catalogue.editing.addCopiesHere')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={d.title}
                    description={[d.author, d.publisher, d.pubYear, [d.classNo, d.bookNo].filter(Boolean).join('/')]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                  <Space>
                    <Tag color="orange">{d.matched}</Tag>
                    {t('catalogue.editing.copyCount', { count: d.copies })}
                  </Space>
                </List.Item>
              )}
            />
          }
          action={
            lookup.saving ? (
              <Button size="small" className="sy-editing-save-anyway" onClick={() => void save(true).catch(() => {})}>
                {t('catalogue.editing.saveAnyway')}
              </Button>
            ) : (
              <Button size="small" onClick={() => void capture(isbn.trim()).catch(() => {})}>
                {t('catalogue.editing.newAnyway')}
              </Button>
            )
          }
        />
      )}
      {editing && lookup?.kind === 'captured' && (
        <Alert
          style={{ marginTop: 16 }}
          className="sy-editing-captured"
          type={lookup.mismatch ? 'warning' : 'success'}
          showIcon
          message={t('catalogue.editing.captured', { source: lookup.source })}
          description={lookup.warnings.length ? lookup.warnings.join('；') : undefined}
        />
      )}
      {editing && lookup?.kind === 'none' && (
        <Alert className="sy-editing-nocapture" style={{ marginTop: 16 }} type="info" showIcon message={lookup.msg} />
      )}
      {editing && (
        <Form form={form} layout="vertical" style={{ marginTop: 16 }} onValuesChange={clearOnChange(form)}>
          <Divider titlePlacement="start">{t('catalogue.editing.record')}</Divider>
          <RecordFields config={config} types={opts.types} autoBookNo={!saved} recordId={saved?.id} />
          <Divider titlePlacement="start">{t('catalogue.editing.copies')}</Divider>
          <CopyFields config={config} opts={opts} classNo={classNo} bookNo={bookNo} />
          {saved && !saved.copies && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('catalogue.editing.recordSavedOnly')}
              description={saved.refused}
            />
          )}
          <Space>
            <Button
              type="primary"
              className="sy-editing-save"
              loading={busy}
              disabled={!canAdd}
              onClick={() => void save().catch(() => {})}
            >
              {t('catalogue.editing.save')}
            </Button>
            <Button onClick={next}>{t('catalogue.cancel')}</Button>
          </Space>
        </Form>
      )}
    </Card>
  );
}
