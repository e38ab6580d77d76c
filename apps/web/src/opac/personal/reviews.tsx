import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../parts/HitList.tsx';
import { Failure } from '../parts/Notice.tsx';
import { Stars } from '../parts/Reviews.tsx';
import { reviewsApi } from '../reviews-api.ts';
import { useLoad } from '../use-load.ts';

/** The reader's reviews with their states (and a rejection's reason); each opens its record to edit. */
export function MyReviews() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const res = useLoad(() => reviewsApi.mine(page), [page]);
  return (
    <section aria-labelledby="me-reviews">
      <h2 id="me-reviews">{t('opac.me.tab.reviews')}</h2>
      <p className="opac-muted">{t('opac.review.fromHistory')}</p>
      <Failure text={res.error} />
      {res.data && res.data.Total === 0 && <p className="opac-empty">{t('opac.review.noneMine')}</p>}
      <ul className="opac-cards">
        {res.data?.List.map((r) => (
          <li key={r.id}>
            <h3>
              <Link to={`/search/book/details?id=${r.recordId}#reviews`}>{r.title}</Link>
            </h3>
            <p>
              <strong className={`opac-badge ${r.state === 'passed' ? 'ok' : ''}`}>
                {t(`opac.review.state.${r.state}`)}
              </strong>{' '}
              <Stars value={r.rating} />
              {r.state === 'rejected' && r.rejectReason && ` · ${t('opac.review.reason', { reason: r.rejectReason })}`}
            </p>
            <p className="opac-review-text">{r.content}</p>
          </li>
        ))}
      </ul>
      {res.data && <Pager page={page} rows={20} total={res.data.Total} onPage={setPage} />}
    </section>
  );
}
