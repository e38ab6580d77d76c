import { type CircState, manualMoves } from '@shuyuan/contracts/catalogue/copy-state';
import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { Button, Dropdown, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { CODE, type CopyRow, money } from './types.ts';

interface Props {
  recordId: number;
  /** Changes when copies were added elsewhere: reload. */
  stamp: number;
  locationName: (id: number) => string;
  /** Opens the copy editor (the one of /collection and /book-editing3). */
  onEdit?: (copyId: number) => void;
}

/**
 * The copies of one record (expanded row), paged: edit a copy, and the manual state moves (available, lost,
 * locked). A copy on loan or held for a reader is circulation's: no move is offered for it.
 */
export function CopiesPanel({ recordId, stamp, locationName, onEdit }: Props) {
  const { t } = useTranslation();
  const canEdit = usePermission(`${CODE}:edit`);
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ List: CopyRow[]; Total: number }>({ List: [], Total: 0 });
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await api.post(`${P}/Literature/GetItemsCollection`, { recordId, ...page }));
    } finally {
      setLoading(false);
    }
  }, [recordId, page]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: stamp is the reload signal
  useEffect(() => {
    void load().catch(() => {});
  }, [load, stamp]);

  const move = async (c: CopyRow, to: CircState) => {
    await api.post(`${P}/Catalogue/ChangeCopyState`, { id: c.id, to });
    notify.success(t('catalogue.saved'));
    await load();
  };

  return (
    <Table<CopyRow>
      className="sy-copies"
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={data.List}
      pagination={specPagination(t, page.Page, page.Rows, data.Total, (p, r) => setPage({ Page: p, Rows: r }))}
      columns={[
        { title: t('catalogue.copies.barcode'), dataIndex: 'barcode', width: 160 },
        { title: t('catalogue.copies.callNo'), dataIndex: 'callNo', width: 160 },
        {
          title: t('catalogue.copies.location'),
          width: 140,
          render: (_, c) => (c.locationId ? locationName(c.locationId) : ''),
        },
        { title: t('catalogue.copies.price'), width: 100, align: 'right', render: (_, c) => money(c.unitPriceFen) },
        {
          title: t('catalogue.copies.state'),
          width: 120,
          render: (_, c) => <Tag>{t(`catalogue.state.${c.circState}`)}</Tag>,
        },
        {
          title: t('catalogue.operation'),
          width: 140,
          render: (_, c) => {
            if (!canEdit) return null;
            const moves = manualMoves(c.circState);
            return (
              <Space size={0}>
                {onEdit && (
                  <Button type="link" size="small" className="sy-copy-edit" onClick={() => onEdit(c.id)}>
                    {t('catalogue.record.edit')}
                  </Button>
                )}
                {moves.length > 0 && (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: moves.map((to) => ({ key: to, label: t(`catalogue.state.${to}`) })),
                      onClick: ({ key }) => void move(c, key as CircState).catch(() => {}),
                    }}
                  >
                    <Button type="link" size="small" className="sy-copy-state">
                      {t('catalogue.copies.changeState')}
                    </Button>
                  </Dropdown>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
