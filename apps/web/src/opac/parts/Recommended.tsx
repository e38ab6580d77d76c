import type { ListData } from '@shuyuan/contracts/common/envelope';
import type { RecommendedDto } from '@shuyuan/contracts/reviews/recommendation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoad } from '../use-load.ts';
import { Pager } from './HitList.tsx';
import { Failure } from './Notice.tsx';

/** Teachers' recommendations: the book, the teacher, the reason, the labels. */
export function RecommendedList({
  load,
  rows,
}: {
  load: (page: number) => Promise<ListData<RecommendedDto>>;
  rows: number;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const res = useLoad(() => load(page), [page]);
  return (
    <>
      <Failure text={res.error} />
      {res.data && res.data.Total === 0 && <p className="opac-empty">{t('opac.recommend.none')}</p>}
      <ul className="opac-cards">
        {res.data?.List.map((r) => (
          <li key={r.id}>
            <h3>
              <Link to={`/search/book/details?id=${r.recordId}`}>{r.title}</Link>
            </h3>
            <p className="opac-muted">
              {r.author} · {t('opac.recommend.by', { name: r.teacherName })}
              {r.labels.length > 0 && ` · ${r.labels.join('、')}`}
            </p>
            <p className="opac-review-text">{r.reason}</p>
          </li>
        ))}
      </ul>
      {res.data && <Pager page={page} rows={rows} total={res.data.Total} onPage={setPage} />}
    </>
  );
}
