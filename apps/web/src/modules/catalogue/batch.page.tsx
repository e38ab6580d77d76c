import { BatchCreate, type BatchDto, BatchUpdate } from '@shuyuan/contracts/catalogue/batch';
import { P } from '@shuyuan/contracts/common/paths';
import { Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { type CopyListRow, CopyTable } from './copy-table.tsx';
import { money } from './types.ts';

const fields = (showCopies: (b: BatchDto) => void): ResourcePageDef<BatchDto>['fields'] => [
  { name: 'batchNo', label: 'catalogue.batch.batchNo', readOnlyOnEdit: false, span: 12 },
  {
    name: 'state',
    label: 'catalogue.batch.state',
    type: 'select',
    inSearch: true,
    default: 0,
    span: 12,
    options: [
      { value: 0, label: 'catalogue.batch.state0' },
      { value: 1, label: 'catalogue.batch.state1' },
    ],
  },
  { name: 'type', label: 'catalogue.batch.type', span: 12 },
  { name: 'acceptedOn', label: 'catalogue.batch.acceptedOn', type: 'date', span: 12 },
  { name: 'bookseller', label: 'catalogue.batch.bookseller', span: 12 },
  {
    name: 'discountRate',
    label: 'catalogue.batch.discountRate',
    type: 'number',
    span: 12,
    props: { min: 0, max: 1, step: 0.01 },
  },
  { name: 'currency', label: 'catalogue.batch.currency', default: 'CNY', span: 12 },
  { name: 'priceFen', label: 'catalogue.batch.price', type: 'money', span: 12 },
  { name: 'voucher', label: 'catalogue.batch.voucher', span: 12, inTable: false },
  { name: 'invoiceNo', label: 'catalogue.batch.invoiceNo', span: 12 },
  {
    name: 'copies',
    label: 'catalogue.batch.copies',
    inForm: false,
    render: (v, b) => <a onClick={() => showCopies(b)}>{v}</a>,
  },
  { name: 'unitTotalFen', label: 'catalogue.batch.unitTotal', inForm: false, render: (v) => money(v) },
  { name: 'discountTotalFen', label: 'catalogue.batch.discountTotal', inForm: false, render: (v) => money(v) },
];

/** The copies received with one batch (read-only here; edited on /collection). */
function BatchCopies({ batch, onClose }: { batch: BatchDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<CopyListRow[]>([]);
  useEffect(() => {
    if (!batch) return;
    api
      .post<{ List: CopyListRow[] }>(`${P}/Literature/GetItemsCollection`, { batchId: batch.id, Rows: 500 })
      .then((d) => setRows(d.List))
      .catch(() => setRows([]));
  }, [batch]);
  return (
    <Modal
      open={!!batch}
      width={1000}
      footer={null}
      title={t('catalogue.batch.copiesTitle', { batchNo: batch?.batchNo ?? '' })}
      onCancel={onClose}
      destroyOnHidden
    >
      <CopyTable showTitle rows={rows} can={{ edit: false, delete: false }} onEdit={() => {}} reload={() => {}} />
    </Modal>
  );
}

/** /batch — acceptance batches (number, bookseller, discount, invoice…) with the copies and totals of each. */
export default function BatchPage() {
  const [shown, setShown] = useState<BatchDto | null>(null);
  const def = useMemo<ResourcePageDef<BatchDto>>(
    () => ({
      area: 'Catalogue',
      entity: 'Batch',
      permission: 'batch',
      title: 'catalogue.batch.entity',
      contracts: { create: BatchCreate, update: BatchUpdate },
      exportable: true,
      deletable: (b) => b.copies === 0,
      fields: fields(setShown),
      rowActions: [{ key: 'copies', label: 'catalogue.batch.showCopies', onClick: (b) => b && setShown(b) }],
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={def} />
      <BatchCopies batch={shown} onClose={() => setShown(null)} />
    </>
  );
}
