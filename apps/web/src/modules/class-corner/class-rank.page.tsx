import { CORNER_SCREENS } from '@shuyuan/contracts/class-corner/corner';
import { CORNER_URLS } from './corner-api.ts';
import { RankScreen } from './stats.tsx';

/** /class-classrank: classes by loans of their corner's books. */
export default function ClassClassRankPage() {
  return (
    <RankScreen
      url={CORNER_URLS.classRank}
      exportUrl={CORNER_URLS.exportClassRank}
      code={CORNER_SCREENS.classRank}
      nameKey="classCorner.corner.class"
      detailKey="classCorner.rank.grade"
    />
  );
}
