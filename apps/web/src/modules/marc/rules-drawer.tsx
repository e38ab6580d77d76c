import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { MarcMappingRules } from '@shuyuan/contracts/marc/mapping';
import type { MarcFlavour } from '@shuyuan/contracts/marc/record';
import { Alert, Button, Card, Drawer, Input, InputNumber, Segmented, Space, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

type Rules = MarcMappingRules;
type Source = Rules['rules'][number]['sources'][number];

/** One source as a row of inputs: tag, subfield codes, indicators, condition, character positions. */
function SourceRow({ s, onChange, onRemove }: { s: Source; onChange: (s: Source) => void; onRemove?: () => void }) {
  const { t } = useTranslation();
  const set = (p: Partial<Source>) => onChange({ ...s, ...p });
  const opt = (v: string) => (v ? v : undefined);
  return (
    <Space size={4} wrap>
      <Input
        aria-label={t('marc.rules.tag')}
        placeholder={t('marc.rules.tag')}
        value={s.tag}
        maxLength={3}
        style={{ width: 60 }}
        onChange={(e) => set({ tag: e.target.value })}
      />
      <Input
        aria-label={t('marc.rules.codes')}
        addonBefore="$"
        value={s.codes}
        style={{ width: 100 }}
        onChange={(e) => set({ codes: e.target.value })}
      />
      <Input
        aria-label={t('marc.rules.ind1')}
        placeholder={t('marc.rules.ind1')}
        value={s.ind1 ?? ''}
        maxLength={1}
        style={{ width: 56 }}
        onChange={(e) => set({ ind1: opt(e.target.value) })}
      />
      <Input
        aria-label={t('marc.rules.ind2')}
        placeholder={t('marc.rules.ind2')}
        value={s.ind2 ?? ''}
        maxLength={1}
        style={{ width: 56 }}
        onChange={(e) => set({ ind2: opt(e.target.value) })}
      />
      <Input
        aria-label={t('marc.rules.when')}
        placeholder={t('marc.rules.when')}
        value={s.when ? `${s.when.code}=${s.when.equals}` : ''}
        style={{ width: 90 }}
        onChange={(e) => {
          const m = /^(.)=(.*)$/.exec(e.target.value);
          set({ when: m ? { code: m[1], equals: m[2] } : undefined });
        }}
      />
      <InputNumber
        aria-label={t('marc.rules.from')}
        placeholder={t('marc.rules.from')}
        min={0}
        value={s.slice?.[0]}
        style={{ width: 64 }}
        onChange={(v) => set({ slice: v === null ? undefined : [Number(v), s.slice?.[1] ?? Number(v) + 1] })}
      />
      <InputNumber
        aria-label={t('marc.rules.to')}
        placeholder={t('marc.rules.to')}
        min={1}
        value={s.slice?.[1]}
        style={{ width: 64 }}
        onChange={(v) => set({ slice: v === null ? undefined : [s.slice?.[0] ?? 0, Number(v)] })}
      />
      {onRemove && <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={onRemove} />}
    </Space>
  );
}

type Holding = NonNullable<Rules['holdings']>[number];

/** The fields that carry copies (852, 905, a vendor's 949…): tag and the subfield codes of each part. */
function HoldingsRows({ list, onChange }: { list: Holding[]; onChange: (l: Holding[]) => void }) {
  const { t } = useTranslation();
  const set = (i: number, h: Partial<Holding> | null) =>
    onChange(h === null ? list.filter((_, j) => j !== i) : list.map((x, j) => (j === i ? { ...x, ...h } : x)));
  const codes = (i: number, key: 'barcode' | 'location' | 'callNo', width = 70) => (
    <Input
      size="small"
      aria-label={t(`marc.rules.holdings.${key}`)}
      placeholder={t(`marc.rules.holdings.${key}`)}
      value={list[i][key]}
      style={{ width }}
      onChange={(e) => set(i, { [key]: e.target.value.trim() })}
    />
  );
  return (
    <Card size="small" title={t('marc.rules.holdings.title')} className="sy-marc-holdings">
      <Space direction="vertical" size={4}>
        <Typography.Text type="secondary">{t('marc.rules.holdings.hint')}</Typography.Text>
        {list.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: holdings sources are ordered positions
          <Space key={i} size={4} wrap>
            <Input
              size="small"
              aria-label={t('marc.rules.tag')}
              placeholder={t('marc.rules.tag')}
              value={h.tag}
              maxLength={3}
              style={{ width: 60 }}
              onChange={(e) => set(i, { tag: e.target.value.trim() })}
            />
            {codes(i, 'barcode')}
            {codes(i, 'location')}
            {codes(i, 'callNo')}
            <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => set(i, null)} />
          </Space>
        ))}
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onChange([...list, { tag: '', barcode: '', location: '', callNo: '', join: '/' }])}
        >
          {t('marc.rules.holdings.add')}
        </Button>
      </Space>
    </Card>
  );
}

/**
 * The school's MARC → catalogue mapping (GetMarcRule / UpdateMarcRule), per flavour: for each catalogue
 * field the sources tried in order. Checked with the server's contract before saving.
 */
export function RulesDrawer({ open, onClose, canEdit }: { open: boolean; onClose: () => void; canEdit: boolean }) {
  const { t } = useTranslation();
  const [flavour, setFlavour] = useState<MarcFlavour>('MARC21');
  const [rules, setRules] = useState<Rules | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setRules(null);
    setError('');
    void api.post<Rules>(`${P}/Marc/GetMarcRule`, { flavour }).then(setRules, () => {});
  }, [open, flavour]);
  const setSource = (fi: number, si: number, s: Source | null) =>
    setRules((r) => {
      if (!r) return r;
      const list = r.rules.map((rule, i) => {
        if (i !== fi) return rule;
        const sources =
          s === null ? rule.sources.filter((_, j) => j !== si) : rule.sources.map((x, j) => (j === si ? s : x));
        return { ...rule, sources };
      });
      return { ...r, rules: list };
    });
  const addSource = (fi: number) =>
    setRules((r) =>
      r
        ? {
            ...r,
            rules: r.rules.map((rule, i) =>
              i === fi ? { ...rule, sources: [...rule.sources, { tag: '', codes: 'a', join: ' ' }] } : rule,
            ),
          }
        : r,
    );
  const save = async () => {
    if (!rules) return;
    const parsed = MarcMappingRules.safeParse(rules);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      if (i.path[0] === 'holdings') {
        setError(t('marc.rules.holdings.invalid'));
        return;
      }
      const field = rules.rules[Number(i.path[1])]?.field;
      setError(t('marc.rules.invalid', { field: field ? t(`marc.field.${field}`) : '' }));
      return;
    }
    setSaving(true);
    try {
      await api.post(`${P}/Marc/UpdateMarcRule`, parsed.data);
      notify.success(t('marc.rules.saved'));
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={860}
      title={t('marc.rules.title')}
      destroyOnHidden
      extra={
        canEdit && (
          <Space>
            <Button onClick={() => void api.post<Rules>(`${P}/Marc/GetMarcRule`, { flavour }).then(setRules, () => {})}>
              {t('marc.rules.reload')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('marc.rules.save')}
            </Button>
          </Space>
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('marc.rules.hint')}</Typography.Paragraph>
        <Space>
          <Segmented<MarcFlavour> value={flavour} options={['MARC21', 'UNIMARC']} onChange={setFlavour} />
          {rules?.flavour === 'MARC21' && (
            <Space>
              <Switch
                aria-label={t('marc.rules.vernacular')}
                checked={rules.preferVernacular}
                onChange={(v) => setRules({ ...rules, preferVernacular: v })}
              />
              <Typography.Text>{t('marc.rules.vernacular')}</Typography.Text>
            </Space>
          )}
        </Space>
        {error && <Alert type="error" showIcon message={error} />}
        {rules && (
          <HoldingsRows list={rules.holdings ?? []} onChange={(holdings) => setRules({ ...rules, holdings })} />
        )}
        <Table
          size="small"
          loading={!rules}
          rowKey="field"
          pagination={false}
          dataSource={rules?.rules ?? []}
          columns={[
            {
              title: t('marc.rules.field'),
              dataIndex: 'field',
              width: 130,
              render: (f: string) => t(`marc.field.${f}`),
            },
            {
              title: t('marc.rules.sources'),
              render: (_, rule, fi) => (
                <Space direction="vertical" size={4}>
                  {rule.sources.map((s, si) => (
                    <SourceRow
                      // biome-ignore lint/suspicious/noArrayIndexKey: sources are ordered positions
                      key={si}
                      s={s}
                      onChange={(n) => setSource(fi, si, n)}
                      onRemove={rule.sources.length > 1 ? () => setSource(fi, si, null) : undefined}
                    />
                  ))}
                  <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => addSource(fi)}>
                    {t('marc.rules.addSource')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Drawer>
  );
}
