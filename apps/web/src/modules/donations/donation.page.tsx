import { P } from '@shuyuan/contracts/common/paths';
import { DONATION_CODE, DonationCreate, type DonationDto, DonationUpdate } from '@shuyuan/contracts/donations/donation';
import { api } from '../../app/http.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { ItemsInput } from './items-input.tsx';

const KINDS = ['reader', 'parent', 'outside'].map((k) => ({ value: k, label: `donations.kind.${k}` }));

const def: ResourcePageDef<DonationDto> = {
  area: 'Donation',
  entity: 'Donation',
  permission: DONATION_CODE,
  title: 'donations.entity',
  contracts: { create: DonationCreate, update: DonationUpdate },
  exportable: true,
  modalWidth: 900,
  fields: [
    { name: 'donatedOn', label: 'donations.col.donatedOn', type: 'date', span: 8 },
    {
      name: 'donorKind',
      label: 'donations.col.kind',
      type: 'select',
      options: KINDS,
      default: 'reader',
      inSearch: true,
      span: 8,
    },
    { name: 'readerAccount', label: 'donations.col.readerAccount', span: 8, inTable: false },
    { name: 'donorName', label: 'donations.col.donor', span: 12 },
    {
      name: 'readerName',
      label: 'donations.col.reader',
      inForm: false,
      priority: 2,
      render: (v, r) => (r.readerAccount ? `${v} (${r.readerAccount})` : ''),
    },
    {
      name: 'batchId',
      label: 'donations.col.batch',
      type: 'select',
      span: 12,
      inSearch: true,
      dataIndex: 'batchNo',
      options: { url: `${P}/Donation/GetBatchOptions`, value: 'id', label: 'batchNo' },
      props: { allowClear: true },
    },
    { name: 'books', label: 'donations.col.books', inForm: false },
    {
      name: 'items',
      label: 'donations.col.items',
      type: 'custom',
      input: (p) => <ItemsInput value={p.value} onChange={p.onChange} />,
      render: (items: DonationDto['items']) => items.map((i) => i.title).join('、'),
      priority: 2,
    },
    { name: 'points', label: 'donations.col.points', inForm: false, priority: 3 },
    { name: 'note', label: 'donations.col.note', type: 'textarea', priority: 3 },
    { name: 'from', label: 'donations.col.from', type: 'date', inSearch: true, inTable: false, inForm: false },
    { name: 'to', label: 'donations.col.to', type: 'date', inSearch: true, inTable: false, inForm: false },
  ],
  toForm: (r) => ({ ...r, items: r.items.map((i) => ({ ...i })) }),
  fromForm: (v) => ({
    ...v,
    batchId: v.batchId ?? null,
    items: ((v.items as object[] | undefined) ?? [{}]).map((i) => ({ ...i })),
  }),
  rowActions: [
    {
      key: 'certificate',
      label: 'donations.certificate',
      permission: DONATION_CODE,
      onClick: (r) => r && void api.download(`${P}/Donation/Certificate`, { id: r.id }).catch(() => {}),
    },
  ],
};

/** /donate-book-record — donations: donor (reader, parent, outside), books, the accession batch, certificate. */
export default function DonationPage() {
  return <ResourcePage def={def} />;
}
