import { LABEL_CODE, LabelCreate, LabelUpdate } from '@shuyuan/contracts/reviews/recommendation';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';

const def: ResourcePageDef = {
  area: 'Recommend',
  entity: 'Label',
  permission: LABEL_CODE,
  title: 'reviews.label.entity',
  contracts: { create: LabelCreate, update: LabelUpdate },
  fields: [
    { name: 'name', label: 'reviews.label.name' },
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
  ],
};

/** /recommended-teacher-label (荐书标签): labels teachers put on their recommendations. */
export default function RecommendLabelPage() {
  return <ResourcePage def={def} />;
}
