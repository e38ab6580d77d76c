import { LOSS_STATES, type LossDto } from '@shuyuan/contracts/losses/loss';
import type { FieldDef } from '../../kit/types.ts';
import { StateTag, shortTime } from '../reservations/ui.tsx';

/** Columns the handling screen leaves to the records (it needs room for its actions at 1366 px). */
const HISTORY_COLUMNS = new Set(['refundFen', 'option', 'compensatedAt', 'retrievedAt']);

/**
 * Columns and search fields shared by the loss lists (records, handling, compensation orders); `compact`
 * drops the after-the-fact columns (refund, option, paid/retrieved times) from the table.
 */
export function lossFields(opts: { orderFirst?: boolean; compact?: boolean } = {}): FieldDef<LossDto>[] {
  const order: FieldDef<LossDto> = { name: 'orderNo', label: 'losses.col.orderNo', inSearch: !!opts.orderFirst };
  const fields: FieldDef<LossDto>[] = [
    ...(opts.orderFirst ? [order] : []),
    { name: 'barcode', label: 'losses.col.barcode', inSearch: true },
    { name: 'title', label: 'losses.col.title' },
    {
      name: 'readerName',
      label: 'losses.col.reader',
      render: (_v, r) => (r.readerId ? `${r.readerName} (${r.readerAccount})` : ''),
    },
    { name: 'readerBarcode', label: 'losses.col.readerBarcode', inTable: false, inSearch: true },
    { name: 'compensationFen', label: 'losses.col.compensation', type: 'money' },
    { name: 'refundFen', label: 'losses.col.refund', type: 'money' },
    {
      name: 'state',
      label: 'losses.col.state',
      type: 'select',
      inSearch: true,
      options: LOSS_STATES.map((s) => ({ value: s, label: `losses.state.${s}` })),
      render: (v: string) => <StateTag value={v} prefix="losses.state" />,
    },
    {
      name: 'payMethod',
      label: 'losses.col.payMethod',
      type: 'select',
      options: [
        { value: 'cash', label: 'losses.pay.cash' },
        { value: 'deposit', label: 'losses.pay.deposit' },
      ],
    },
    {
      name: 'option',
      label: 'losses.col.option',
      type: 'select',
      options: [
        { value: 'retrieve_after_logout', label: 'losses.option.retrieve_after_logout' },
        { value: 'retrieve_and_refund', label: 'losses.option.retrieve_and_refund' },
      ],
    },
    ...(opts.orderFirst ? [] : [order]),
    { name: 'registeredAt', label: 'losses.col.registeredAt', render: (v: string) => shortTime(v) },
    { name: 'compensatedAt', label: 'losses.col.compensatedAt', render: (v: string | null) => shortTime(v) },
    { name: 'retrievedAt', label: 'losses.col.retrievedAt', render: (v: string | null) => shortTime(v) },
    { name: 'note', label: 'losses.col.note', inTable: false },
    { name: 'from', label: 'losses.col.from', type: 'date', inTable: false, inSearch: true },
    { name: 'to', label: 'losses.col.to', type: 'date', inTable: false, inSearch: true },
  ];
  return opts.compact ? fields.map((f) => (HISTORY_COLUMNS.has(f.name) ? { ...f, inTable: false } : f)) : fields;
}

export const yuan = (fen: number | null | undefined) => (fen == null ? '' : (fen / 100).toFixed(2));
