import { ClassCornerCreate, type ClassCornerDto, ClassCornerUpdate } from '@shuyuan/contracts/class-corner/corner';
import { P } from '@shuyuan/contracts/common/paths';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { RemoteOptions, ResourcePageDef } from '../../kit/types.ts';
import { ReaderSelect } from '../circ-records/reader-select.tsx';

const list = (url: string): RemoteOptions => ({
  url,
  body: { Page: 1, Rows: 500 },
  list: true,
  value: 'id',
  label: 'name',
});

const def: ResourcePageDef<ClassCornerDto> = {
  area: 'ClassCorner',
  entity: 'ClassCorner',
  permission: 'class',
  title: 'classCorner.corner.entity',
  contracts: { create: ClassCornerCreate, update: ClassCornerUpdate },
  fields: [
    { name: 'name', label: 'classCorner.corner.name', span: 12 },
    {
      name: 'classId',
      label: 'classCorner.corner.class',
      type: 'select',
      options: list(`${P}/Org/GetClassList`),
      dataIndex: 'className',
      span: 12,
      props: { showSearch: true, optionFilterProp: 'label' },
    },
    {
      name: 'locationId',
      label: 'classCorner.corner.location',
      type: 'select',
      options: list(`${P}/Basic/GetLocationList`),
      dataIndex: 'locationName',
      span: 12,
    },
    {
      name: 'librarianId',
      label: 'classCorner.corner.librarian',
      type: 'custom',
      dataIndex: 'librarianName',
      span: 12,
      input: ({ value, onChange, row }) => (
        <ReaderSelect
          value={value}
          onChange={onChange}
          initial={row?.librarianId ? { value: row.librarianId, label: row.librarianName ?? '' } : undefined}
        />
      ),
    },
    { name: 'copies', label: 'classCorner.corner.copies', inForm: false, width: 80 },
    { name: 'onLoan', label: 'classCorner.corner.onLoan', inForm: false, width: 80 },
    { name: 'remark', label: 'classCorner.corner.remark', type: 'textarea', inTable: false },
    {
      name: 'state',
      label: 'classCorner.corner.state',
      type: 'select',
      default: 1,
      width: 90,
      options: [
        { value: 1, label: 'kit.state.on' },
        { value: 0, label: 'kit.state.off' },
      ],
    },
  ],
  fromForm: (v) => ({ ...v, librarianId: v.librarianId ?? null }),
};

/** Class corners set up with the classes: a location per class and its class librarian. */
export function CornersSetup() {
  return <ResourcePage def={def} />;
}
