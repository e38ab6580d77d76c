import { DIMENSION_CODE, DimensionCreate, DimensionUpdate } from '@shuyuan/contracts/reviews/share';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { SORT_AND_STATE } from './fields.ts';

const def: ResourcePageDef = {
  area: 'ReadingShare',
  entity: 'Dimension',
  permission: DIMENSION_CODE,
  title: 'reviews.dimension.entity',
  contracts: { create: DimensionCreate, update: DimensionUpdate },
  fields: [
    { name: 'name', label: 'reviews.dimension.name' },
    { name: 'description', label: 'reviews.dimension.description', type: 'textarea' },
    ...SORT_AND_STATE,
  ],
};

/** /share-dimension (分享维度): what readers tag their shares with (characters, plot, language…). */
export default function ShareDimensionPage() {
  return <ResourcePage def={def} />;
}
