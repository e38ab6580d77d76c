import { CORNER_SCREENS } from '@shuyuan/contracts/class-corner/corner';
import { CORNER_URLS } from './corner-api.ts';
import { RankScreen } from './stats.tsx';

/** /class-studentrank: students by loans of corner books. */
export default function ClassStudentRankPage() {
  return (
    <RankScreen
      url={CORNER_URLS.studentRank}
      exportUrl={CORNER_URLS.exportStudentRank}
      code={CORNER_SCREENS.studentRank}
      nameKey="classCorner.col.student"
      detailKey="classCorner.corner.class"
    />
  );
}
