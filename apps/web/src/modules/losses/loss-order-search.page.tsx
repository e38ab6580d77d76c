import {
  LEDGER_KINDS,
  type LedgerDto,
  LedgerListQuery,
  LossListQuery,
  type LossDto,
} from '@shuyuan/contracts/losses/loss';
import { FINE_STATES, type FineDto, FineListQuery } from '@shuyuan/contracts/fines/fine';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { shortTime } from '../reservations/ui.tsx';
import { lossFields } from './loss-fields.tsx';

const CODE = 'loss-order-search';

const orders: ResourcePageDef<LossDto> = {
  area: 'Loss',
  entity: 'CompensationOrder',
  permission: CODE,
  title: 'losses.order.entity',
  contracts: { create: LossListQuery, update: LossListQuery },
  can: { add: false, edit: false, delete: false },
  exportable: true,
  fields: lossFields({ orderFirst: true }),
};

const ledger: ResourcePageDef<LedgerDto> = {
  area: 'Loss',
  entity: 'LedgerEntry',
  permission: CODE,
  title: 'losses.ledger.entity',
  contracts: { create: LedgerListQuery, update: LedgerListQuery },
  can: { add: false, edit: false, delete: false },
  exportable: true,
  fields: [
    { name: 'createdAt', label: 'losses.col.time', render: (v: string) => shortTime(v) },
    {
      name: 'kind',
      label: 'losses.col.kind',
      type: 'select',
      inSearch: true,
      options: LEDGER_KINDS.map((k) => ({ value: k, label: `losses.kind.${k}` })),
    },
    { name: 'amountFen', label: 'losses.col.amount', type: 'money' },
    {
      name: 'readerName',
      label: 'losses.col.reader',
      render: (_v, r) => (r.readerId ? `${r.readerName} (${r.readerAccount})` : ''),
    },
    { name: 'readerBarcode', label: 'losses.col.readerBarcode', inTable: false, inSearch: true },
    { name: 'ref', label: 'losses.col.orderNo' },
    { name: 'operatorName', label: 'losses.col.operator' },
    { name: 'from', label: 'losses.col.from', type: 'date', inTable: false, inSearch: true },
    { name: 'to', label: 'losses.col.to', type: 'date', inTable: false, inSearch: true },
  ],
};

/** Overdue fines (issue 14 §4): charged on return, paid or waived at the desk. */
const fines: ResourcePageDef<FineDto> = {
  area: 'Fine',
  entity: 'Fine',
  permission: CODE,
  title: 'losses.fine.entity',
  contracts: { create: FineListQuery, update: FineListQuery },
  can: { add: false, edit: false, delete: false },
  exportable: true,
  fields: [
    { name: 'fineNo', label: 'losses.fine.fineNo' },
    {
      name: 'readerName',
      label: 'losses.col.reader',
      render: (_v, r) => `${r.readerName} (${r.readerAccount})`,
    },
    { name: 'readerBarcode', label: 'losses.col.readerBarcode', inTable: false, inSearch: true },
    { name: 'barcode', label: 'losses.col.barcode' },
    { name: 'title', label: 'losses.col.title' },
    { name: 'dueDate', label: 'losses.fine.dueDate' },
    { name: 'returnDay', label: 'losses.fine.returnDay' },
    { name: 'overdueDays', label: 'losses.fine.overdueDays' },
    { name: 'chargedDays', label: 'losses.fine.chargedDays' },
    { name: 'amountFen', label: 'losses.col.amount', type: 'money' },
    {
      name: 'state',
      label: 'losses.col.state',
      type: 'select',
      inSearch: true,
      options: FINE_STATES.map((k) => ({ value: k, label: `losses.fine.state.${k}` })),
    },
    { name: 'settledAt', label: 'losses.fine.settledAt', render: (v: string | null) => (v ? shortTime(v) : '') },
    { name: 'settledByName', label: 'losses.col.operator' },
    { name: 'waiveReason', label: 'losses.fine.waiveReason' },
    { name: 'from', label: 'losses.col.from', type: 'date', inTable: false, inSearch: true },
    { name: 'to', label: 'losses.col.to', type: 'date', inTable: false, inSearch: true },
  ],
};

/** Screen /loss-order-search (赔偿单查询): compensation orders by number, reader, date; the money movements; overdue fines. */
export default function LossOrderSearchPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'orders', label: t('losses.order.tab'), children: <ResourcePage def={orders} /> },
        { key: 'ledger', label: t('losses.ledger.tab'), children: <ResourcePage def={ledger} /> },
        { key: 'fines', label: t('losses.fine.tab'), children: <ResourcePage def={fines} /> },
      ]}
    />
  );
}
