import type { FieldDef } from '../../kit/types.ts';

/** Order and on/off of the small lists readers' writing is tagged with (share dimensions, recommendation labels). */
export const SORT_AND_STATE: FieldDef[] = [
  { name: 'sort', label: 'reviews.dimension.sort', type: 'number', default: 0 },
  {
    name: 'state',
    label: 'reviews.dimension.state',
    type: 'select',
    inSearch: true,
    default: 1,
    options: [
      { value: 1, label: 'kit.state.on' },
      { value: 0, label: 'kit.state.off' },
    ],
  },
];
