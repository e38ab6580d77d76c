import { P } from '@shuyuan/contracts/common/paths';
import { PointRuleSave, type PointRuleRow } from '@shuyuan/contracts/points/points';
import { Alert, Button, Card, InputNumber, Switch, Table } from 'antd';
import { type HTMLAttributes, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

type Draft = Record<string, PointRuleRow>;

/**
 * /integral-rules (积分规则): one row per event — points (negative deducts), on/off, daily and per-term caps per
 * reader (0 = none). Each row is saved on its own; a school that never saved a row works with the defaults shown.
 */
export default function PointRulesPage() {
  const { t } = useTranslation();
  const canEdit = usePermission('integral-rules:edit');
  const [rows, setRows] = useState<PointRuleRow[]>([]);
  const [draft, setDraft] = useState<Draft>({});
  const [saving, setSaving] = useState<string | null>(null);
  const load = useCallback(() => {
    api.post<PointRuleRow[]>(`${P}/Points/GetRuleList`, {}).then(
      (r) => {
        setRows(r);
        setDraft(Object.fromEntries(r.map((x) => [x.event, x])));
      },
      () => {},
    );
  }, []);
  useEffect(load, [load]);
  const edit = (event: string, patch: Partial<PointRuleRow>) =>
    setDraft((d) => ({ ...d, [event]: { ...d[event]!, ...patch } }));
  const save = async (event: string) => {
    const d = draft[event]!;
    const body = PointRuleSave.safeParse(d);
    if (!body.success) {
      notify.error(body.error.issues.map((i) => t(i.message)).join('; '));
      return;
    }
    setSaving(event);
    try {
      await api.post(`${P}/Points/SaveRule`, body.data);
      notify.success(t('points.rules.saved', { event: t(`points.event.${event}`) }));
      load();
    } catch {
      // shown by the HTTP client
    } finally {
      setSaving(null);
    }
  };
  const changed = (r: PointRuleRow) => {
    const d = draft[r.event];
    return (
      !!d && (d.points !== r.points || d.enabled !== r.enabled || d.dailyCap !== r.dailyCap || d.termCap !== r.termCap)
    );
  };
  const num = (r: PointRuleRow, k: 'points' | 'dailyCap' | 'termCap', min: number) => (
    <InputNumber
      aria-label={`${t(`points.event.${r.event}`)} ${t(`points.rules.${k}`)}`}
      className={`sy-rule-${k}`}
      precision={0}
      min={min}
      max={k === 'points' ? 1000 : 100000}
      disabled={!canEdit}
      value={draft[r.event]?.[k]}
      onChange={(v) => edit(r.event, { [k]: v ?? 0 })}
    />
  );
  return (
    <Card size="small" title={t('points.pages.rules')}>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('points.rules.help')} />
      <Table<PointRuleRow>
        rowKey="event"
        size="small"
        pagination={false}
        dataSource={rows}
        onRow={(r) => ({ 'data-event': r.event }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('points.col.event'), dataIndex: 'event', render: (e: string) => t(`points.event.${e}`) },
          { title: t('points.rules.points'), key: 'points', width: 130, render: (_, r) => num(r, 'points', -1000) },
          {
            title: t('points.rules.enabled'),
            key: 'enabled',
            width: 90,
            render: (_, r) => (
              <Switch
                aria-label={`${t(`points.event.${r.event}`)} ${t('points.rules.enabled')}`}
                disabled={!canEdit}
                checked={draft[r.event]?.enabled}
                onChange={(v) => edit(r.event, { enabled: v })}
              />
            ),
          },
          { title: t('points.rules.dailyCap'), key: 'dailyCap', width: 130, render: (_, r) => num(r, 'dailyCap', 0) },
          { title: t('points.rules.termCap'), key: 'termCap', width: 130, render: (_, r) => num(r, 'termCap', 0) },
          {
            title: t('points.rules.updatedAt'),
            dataIndex: 'updatedAt',
            width: 170,
            render: (v: string | null) => (v ? new Date(v).toLocaleString() : t('points.rules.default')),
          },
          ...(canEdit
            ? [
                {
                  title: t('kit.table.operation'),
                  key: 'save',
                  width: 90,
                  render: (_: unknown, r: PointRuleRow) => (
                    <Button
                      type="link"
                      disabled={!changed(r)}
                      loading={saving === r.event}
                      onClick={() => void save(r.event)}
                    >
                      {t('points.rules.save')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
