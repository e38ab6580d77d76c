import { type CircState, manualMoves } from '@shuyuan/contracts/catalogue/copy-state';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Dropdown, Popconfirm, Space, Table, type TableProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { money } from './types.ts';

/** A row of GetItemsCollection: the copy, its record's main fields, names of its places. */
export interface CopyListRow {
  id: number;
  recordId: number;
  barcode: string;
  rfid: string;
  callNo: string;
  title: string;
  author: string;
  isbn: string;
  locationName: string | null;
  branchName: string | null;
  batchNo: string | null;
  circState: CircState;
  storeType: number;
  unitPriceFen: number | null;
  discountPriceFen: number | null;
  warnings?: string[];
  /** Lent to another school of a union: that school's name. */
  awayAt?: string;
}

interface Props extends Pick<TableProps<CopyListRow>, 'pagination' | 'rowSelection' | 'loading'> {
  rows: CopyListRow[];
  showTitle?: boolean;
  can: { edit: boolean; delete: boolean };
  onEdit: (c: CopyListRow) => void;
  onBind?: (c: CopyListRow) => void;
  reload: () => void;
}

/** The copies table of /collection and /book-editing3, with the row operations the user may do. */
export function CopyTable({ rows, showTitle, can, onEdit, onBind, reload, ...table }: Props) {
  const { t } = useTranslation();
  const run = async (p: Promise<unknown>) => {
    await p;
    notify.success(t('catalogue.saved'));
    reload();
  };
  const move = (c: CopyListRow, to: CircState) => run(api.post(`${P}/Catalogue/ChangeCopyState`, { id: c.id, to }));
  const unbind = (c: CopyListRow) => run(api.post(`${P}/Catalogue/UnbindRfid`, { copyId: c.id }));
  const remove = (c: CopyListRow) => run(api.post(`${P}/Literature/DeleteItemsCollectionInfo`, { ids: [c.id] }));

  return (
    <Table<CopyListRow>
      className="sy-copy-table"
      rowKey="id"
      size="small"
      dataSource={rows}
      scroll={{ x: 1100 }}
      {...table}
      columns={[
        { title: t('catalogue.copy.barcode'), dataIndex: 'barcode', width: 130 },
        ...(showTitle
          ? [
              { title: t('catalogue.field.title'), dataIndex: 'title', width: 200, ellipsis: true },
              { title: t('catalogue.field.author'), dataIndex: 'author', width: 110, ellipsis: true },
            ]
          : []),
        { title: t('catalogue.copy.callNo'), dataIndex: 'callNo', width: 130 },
        { title: t('catalogue.copy.locationId'), dataIndex: 'locationName', width: 120 },
        {
          title: t('catalogue.copy.circState'),
          width: 100,
          render: (_, c) => (
            <Tag className={c.awayAt ? 'sy-copy-away' : undefined}>
              {c.awayAt ? t('catalogue.copy.awayAt', { school: c.awayAt }) : t(`catalogue.state.${c.circState}`)}
            </Tag>
          ),
        },
        { title: t('catalogue.copy.storeType'), width: 90, render: (_, c) => t(`catalogue.store.${c.storeType}`) },
        { title: t('catalogue.copy.unitPrice'), width: 90, align: 'right', render: (_, c) => money(c.unitPriceFen) },
        { title: t('catalogue.copy.rfid'), dataIndex: 'rfid', width: 140, ellipsis: true },
        ...(rows.some((r) => r.warnings)
          ? [
              {
                title: t('catalogue.collection.warnings'),
                width: 180,
                render: (_: unknown, c: CopyListRow) =>
                  c.warnings?.map((w) => (
                    <Tag color="orange" key={w}>
                      {t(`catalogue.warning.${w}`)}
                    </Tag>
                  )),
              },
            ]
          : []),
        {
          title: t('catalogue.operation'),
          width: 230,
          fixed: 'right' as const,
          render: (_, c) => (
            <Space size={0} wrap>
              {can.edit && (
                <Button type="link" size="small" onClick={() => onEdit(c)}>
                  {t('catalogue.record.edit')}
                </Button>
              )}
              {can.edit && onBind && (
                <Button type="link" size="small" className="sy-bind" onClick={() => onBind(c)}>
                  {t('catalogue.rfid.bind')}
                </Button>
              )}
              {can.edit && c.rfid && (
                <Popconfirm title={t('catalogue.rfid.unbindConfirm')} onConfirm={() => unbind(c).catch(() => {})}>
                  <Button type="link" size="small">
                    {t('catalogue.rfid.unbind')}
                  </Button>
                </Popconfirm>
              )}
              {can.edit && manualMoves(c.circState).length > 0 && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: manualMoves(c.circState).map((to) => ({
                      key: to,
                      label: t(`catalogue.state.${to}`),
                    })),
                    onClick: ({ key }) => void move(c, key as CircState).catch(() => {}),
                  }}
                >
                  <Button type="link" size="small">
                    {t('catalogue.copies.changeState')}
                  </Button>
                </Dropdown>
              )}
              {can.delete && (
                <Popconfirm title={t('catalogue.collection.deleteConfirm')} onConfirm={() => remove(c).catch(() => {})}>
                  <Button type="link" size="small" danger>
                    {t('catalogue.collection.delete')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
