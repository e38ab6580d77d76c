import { ShelfPositionCreate, ShelfPositionUpdate } from '@shuyuan/contracts/basic/shelf';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { shelfOptions } from './options.ts';

const def: ResourcePageDef = {
  area: 'Basic',
  entity: 'ShelfPosition',
  permission: 'resource-mana.basic-set.location-num-pos',
  title: 'basic.shelfPosition.entity',
  contracts: { create: ShelfPositionCreate, update: ShelfPositionUpdate },
  fields: [
    {
      name: 'shelfId',
      label: 'basic.shelfPosition.shelf',
      type: 'select',
      options: shelfOptions,
      inSearch: true,
      dataIndex: 'shelfCode',
      span: 12,
    },
    { name: 'code', label: 'basic.shelfPosition.code', span: 12 },
    { name: 'barcode', label: 'basic.shelfPosition.barcode', span: 12 },
    { name: 'face', label: 'basic.shelfPosition.face', type: 'number', default: 1, span: 4, width: 70 },
    { name: 'layer', label: 'basic.shelfPosition.layer', type: 'number', default: 1, span: 4, width: 70 },
    { name: 'column', label: 'basic.shelfPosition.column', type: 'number', default: 1, span: 4, width: 70 },
    { name: 'callFrom', label: 'basic.shelf.callFrom', span: 12 },
    { name: 'callTo', label: 'basic.shelf.callTo', span: 12 },
    { name: 'remark', label: 'basic.common.remark', type: 'textarea', inTable: false },
  ],
};

/** /resource-mana/basic-set/location-num-pos: positions (face, layer, column) of each shelf. */
export default function ShelfPositionPage() {
  return <ResourcePage def={def} />;
}
