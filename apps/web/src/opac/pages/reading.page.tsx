import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../parts/HitList.tsx';
import { Failure } from '../parts/Notice.tsx';
import { RecommendedList } from '../parts/Recommended.tsx';
import { recommendedApi } from '../reviews-api.ts';
import { sharesApi } from '../reviews-api.ts';
import { useLoad, useTitle } from '../use-load.ts';

/** #/search/reading (读者园地): readers' passed notes and excerpts with pictures, by dimension; names masked. */
export default function ReadingPage() {
  const { t } = useTranslation();
  useTitle(t('opac.share.corner'));
  const [page, setPage] = useState(1);
  const [dimensionId, setDimension] = useState<number>();
  const dims = useLoad(() => sharesApi.dimensions(), []);
  const res = useLoad(() => sharesApi.shown(page, dimensionId), [page, dimensionId]);
  return (
    <div>
      <h1>{t('opac.share.corner')}</h1>
      <section aria-labelledby="opac-teachers">
        <h2 id="opac-teachers">{t('opac.recommend.heading')}</h2>
        <RecommendedList load={(p) => recommendedApi.shown(p, 6)} rows={6} />
      </section>
      <h2>{t('opac.share.heading2')}</h2>
      {!!dims.data?.length && (
        <div className="opac-switch" role="group" aria-label={t('opac.share.dimensions')}>
          {[undefined, ...dims.data.map((d) => d.id)].map((id) => (
            <button
              key={id ?? 0}
              type="button"
              aria-pressed={dimensionId === id}
              onClick={() => {
                setDimension(id);
                setPage(1);
              }}
            >
              {id === undefined ? t('opac.share.all') : dims.data?.find((d) => d.id === id)?.name}
            </button>
          ))}
        </div>
      )}
      <Failure text={res.error} />
      {res.data && res.data.Total === 0 && <p className="opac-empty">{t('opac.share.none')}</p>}
      <ul className="opac-cards opac-shares">
        {res.data?.List.map((s) => (
          <li key={s.id}>
            <h2>{s.title || t(`opac.share.kinds.${s.kind}`)}</h2>
            <p className="opac-muted">
              {s.maskedName} · {t(`opac.share.kinds.${s.kind}`)}
              {s.recordId && s.recordTitle && (
                <>
                  {' · '}
                  <Link to={`/search/book/details?id=${s.recordId}`}>《{s.recordTitle}》</Link>
                </>
              )}
              {s.dimensions.length > 0 && ` · ${s.dimensions.join('、')}`} · {s.createdAt.slice(0, 10)}
            </p>
            <p className="opac-review-text">{s.content}</p>
            {s.pictures.length > 0 && (
              <ul className="opac-share-pictures">
                {s.pictures.map((p, i) => (
                  <li key={p}>
                    <img src={p} alt={t('opac.share.pictureN', { n: i + 1 })} loading="lazy" />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {res.data && <Pager page={page} rows={12} total={res.data.Total} onPage={setPage} />}
    </div>
  );
}
