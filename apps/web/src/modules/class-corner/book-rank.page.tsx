import { CORNER_SCREENS } from '@shuyuan/contracts/class-corner/corner';
import { CORNER_URLS } from './corner-api.ts';
import { RankScreen } from './stats.tsx';

/** /class-bookrank: the corners' most lent titles. */
export default function ClassBookRankPage() {
  return (
    <RankScreen
      url={CORNER_URLS.bookRank}
      exportUrl={CORNER_URLS.exportBookRank}
      code={CORNER_SCREENS.bookRank}
      nameKey="classCorner.col.title"
      detailKey="classCorner.col.author"
    />
  );
}
