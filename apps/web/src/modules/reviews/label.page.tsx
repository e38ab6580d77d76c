import { LABEL_CODE, LabelCreate, LabelUpdate } from '@shuyuan/contracts/reviews/recommendation';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { SORT_AND_STATE } from './fields.ts';

const def: ResourcePageDef = {
  area: 'Recommend',
  entity: 'Label',
  permission: LABEL_CODE,
  title: 'reviews.label.entity',
  contracts: { create: LabelCreate, update: LabelUpdate },
  fields: [{ name: 'name', label: 'reviews.label.name' }, ...SORT_AND_STATE],
};

/** /recommended-teacher-label (荐书标签): labels teachers put on their recommendations. */
export default function RecommendLabelPage() {
  return <ResourcePage def={def} />;
}
