import { BOOKCASE_CODE, BookcaseCreate, type BookcaseDto, BookcaseUpdate } from '@shuyuan/contracts/bulletin/kiosk';
import { P } from '@shuyuan/contracts/common/paths';
import { opacUrl } from '../../app/constants.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';

const def: ResourcePageDef<BookcaseDto> = {
  area: 'Bulletin',
  entity: 'Bookcase',
  permission: BOOKCASE_CODE,
  title: 'bulletin.bookcaseEntity',
  contracts: { create: BookcaseCreate, update: BookcaseUpdate },
  fields: [
    { name: 'name', label: 'bulletin.bookcaseName', span: 12 },
    {
      name: 'locationId',
      label: 'bulletin.location',
      type: 'select',
      span: 12,
      dataIndex: 'locationName',
      options: { url: `${P}/Bulletin/GetBookcaseLocations`, value: 'id', label: 'name' },
    },
    { name: 'note', label: 'bulletin.description', type: 'textarea' },
    {
      name: 'state',
      label: 'bulletin.inService',
      type: 'select',
      inSearch: true,
      default: 1,
      span: 12,
      options: [
        { value: 1, label: 'kit.state.on' },
        { value: 0, label: 'kit.state.off' },
      ],
    },
  ],
  rowActions: [
    {
      key: 'screen',
      label: 'bulletin.openScreen',
      onClick: (row) => row && window.open(opacUrl(`/smart_bookcase?id=${row.id}`), '_blank', 'noopener'),
    },
  ],
};

/** /smart_bookcase: self-service bookcases, each holding one location's copies, with a screen of their own. */
export default function BookcasePage() {
  return <ResourcePage def={def} />;
}
