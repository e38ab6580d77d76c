import { P } from '@shuyuan/contracts/common/paths';
import type { FieldDef, Option, RemoteOptions } from '../../kit/types.ts';

/** Shared field pieces of the basic-data screens. */
export const STATE_OPTIONS: Option[] = [
  { value: 1, label: 'kit.state.on' },
  { value: 0, label: 'kit.state.off' },
];

export const branchOptions: RemoteOptions = {
  url: `${P}/Basic/GetBranchList`,
  body: { Page: 1, Rows: 500 },
  list: true,
  value: 'id',
  label: 'name',
};

export const locationOptions: RemoteOptions = {
  url: `${P}/Basic/GetLocationList`,
  body: { Page: 1, Rows: 500 },
  list: true,
  value: 'id',
  label: 'name',
};

export const shelfOptions: RemoteOptions = {
  url: `${P}/Basic/GetShelfList`,
  body: { Page: 1, Rows: 500 },
  list: true,
  value: 'id',
  label: 'code',
};

export const stateField: FieldDef = {
  name: 'state',
  label: 'basic.common.state',
  type: 'select',
  inSearch: true,
  options: STATE_OPTIONS,
  default: 1,
  width: 90,
};

export const sortField: FieldDef = { name: 'sort', label: 'basic.common.sort', type: 'number', default: 0, width: 80 };
