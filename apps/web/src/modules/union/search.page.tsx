import { P } from '@shuyuan/contracts/common/paths';
import { Card } from 'antd';
import { UnionSearchView } from './union-search.tsx';

/** /union/search: one search over the catalogues the union's members share, with holdings per school. */
export default function UnionSearchPage() {
  return (
    <Card className="sy-union-search-page">
      <UnionSearchView url={`${P}/Union/Search`} />
    </Card>
  );
}
