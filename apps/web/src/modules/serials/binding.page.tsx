import type { BindResult, VolumeRow } from '@shuyuan/contracts/serials/binding';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { fmtMinute } from '../../kit/time.ts';
import { type BindOptions, BindForm, bindingOf } from './binding-form.tsx';
import { yuan } from './options.ts';

/**
 * /magazine-bound (期刊装订) and /magazine-bound2 (报纸装订): bind a title's arrived issues of a period into a volume
 * (a copy with its barcode, call number and price that lends like a book), print its spine label, unbind one made by
 * mistake. The issues bound stop lending one by one.
 */
export function BindingPage({ kind }: { kind: SerialKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { screen, base } = bindingOf(kind);
  const canBind = usePermission(`${screen}:bind`);
  const canDelete = usePermission(`${screen}:delete`);
  const canPrint = usePermission('callnumprint.common:print');
  const [options, setOptions] = useState<BindOptions>({ titles: [], locations: [] });
  const [q, setQ] = useState({ SearchKey: '', Page: 1, Rows: 20 });
  const [list, setList] = useState<{ List: VolumeRow[]; Total: number }>({ List: [], Total: 0 });

  useEffect(() => {
    api
      .post<BindOptions>(`${base}/BindOptions`, {})
      .then(setOptions)
      .catch(() => {});
  }, [base]);
  const load = useCallback(
    () =>
      api
        .post<{ List: VolumeRow[]; Total: number }>(`${base}/GetVolumes`, q)
        .then(setList)
        .catch(() => {}),
    [base, q],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const printSpine = (barcodes: string[]) =>
    navigate(`/callnumprint/common?barcodes=${encodeURIComponent(barcodes.join(','))}`);
  const unbind = async (v: VolumeRow) => {
    await api.post(`${base}/UnbindVolume`, { volumeId: v.id });
    notify.success(t('serialsBinding.unbound', { barcode: v.barcode }));
    void load();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} className={`sy-binding sy-binding-${kind}`}>
      <Card title={t('serialsBinding.formTitle')}>
        <BindForm
          kind={kind}
          options={options}
          canBind={canBind}
          onBound={(r: BindResult) => {
            setQ((o) => ({ ...o, Page: 1 }));
            void load();
            if (canPrint) notify.info(t('serialsBinding.printHint', { barcode: r.volume.barcode }));
          }}
        />
      </Card>
      <Card title={t('serialsBinding.listTitle')}>
        <Input.Search
          allowClear
          style={{ width: 280, marginBottom: 12 }}
          placeholder={t('serialsBinding.search')}
          onSearch={(SearchKey) => setQ((o) => ({ ...o, SearchKey, Page: 1 }))}
        />
        <Table<VolumeRow>
          className="sy-volume-list"
          size="small"
          rowKey="id"
          dataSource={list.List}
          pagination={{
            current: q.Page,
            pageSize: q.Rows,
            total: list.Total,
            onChange: (Page, Rows) => setQ((o) => ({ ...o, Page, Rows })),
          }}
          columns={[
            { title: t('serialsBinding.col.title'), dataIndex: 'title', ellipsis: true },
            {
              title: t('serialsBinding.col.range'),
              render: (_, v) =>
                t('serialsBinding.range', { year: v.year, from: v.fromIssue, to: v.toIssue, count: v.issues }),
            },
            { title: t('serialsBinding.col.barcode'), dataIndex: 'barcode', width: 130 },
            { title: t('serialsBinding.col.callNo'), dataIndex: 'callNo', width: 170 },
            { title: t('serialsBinding.col.price'), width: 90, render: (_, v) => yuan(v.priceFen) },
            { title: t('serialsBinding.col.location'), dataIndex: 'locationName', width: 130 },
            {
              title: t('serialsBinding.col.state'),
              width: 100,
              render: (_, v) => <Tag>{t(`catalogue.state.${v.circState}`)}</Tag>,
            },
            { title: t('serialsBinding.col.boundAt'), width: 150, render: (_, v) => fmtMinute(v.createdAt) },
            {
              title: t('serialsBinding.col.action'),
              width: 170,
              render: (_, v) => (
                <Space size={0}>
                  {canPrint && (
                    <Button
                      size="small"
                      type="link"
                      className="sy-volume-print"
                      onClick={() => printSpine([v.barcode])}
                    >
                      {t('serialsBinding.printSpine')}
                    </Button>
                  )}
                  {canDelete && (
                    <Popconfirm
                      title={t('serialsBinding.unbindConfirm', { barcode: v.barcode })}
                      onConfirm={() => unbind(v).catch(() => {})}
                    >
                      <Button size="small" type="link" danger className="sy-volume-unbind">
                        {t('serialsBinding.unbind')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

export const MagazineBinding = () => <BindingPage kind="magazine" />;
export const NewspaperBinding = () => <BindingPage kind="newspaper" />;
