import { LossListQuery, type LossDto } from '@shuyuan/contracts/losses/loss';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { lossFields } from './loss-fields.tsx';

const def: ResourcePageDef<LossDto> = {
  area: 'Loss',
  entity: 'Loss',
  permission: 'loss-record',
  title: 'losses.record.entity',
  contracts: { create: LossListQuery, update: LossListQuery },
  can: { add: false, edit: false, delete: false },
  exportable: true,
  fields: lossFields(),
};

/** Screen /loss-record (遗失记录): every lost copy with its compensation and retrieval, filters, export. */
export default function LossRecordPage() {
  return <ResourcePage def={def} />;
}
