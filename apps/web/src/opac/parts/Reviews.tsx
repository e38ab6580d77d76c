import type { MyReviewDto } from '@shuyuan/contracts/reviews/review';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../app/auth/session.ts';
import { issuesOf } from '../personal/personal-api.ts';
import { signInReader } from '../reader.ts';
import { reviewsApi } from '../reviews-api.ts';
import { useLoad } from '../use-load.ts';
import { Pager } from './HitList.tsx';
import { Failure, type Note, Notice } from './Notice.tsx';

/** ★★★☆☆ with the figure for screen readers. */
export function Stars({ value }: { value: number }) {
  const { t } = useTranslation();
  const n = Math.round(value);
  return (
    <span className="opac-stars" role="img" aria-label={t('opac.review.stars', { count: value })}>
      {'★'.repeat(n)}
      {'☆'.repeat(5 - n)}
    </span>
  );
}

/** The reader's own review of the record: a form (rating and text) and its state (pending, passed, rejected). */
function MyReview({ recordId, onSaved }: { recordId: number; onSaved: () => void }) {
  const { t } = useTranslation();
  const mine = useLoad(() => reviewsApi.mineOf(recordId), [recordId]);
  const [form, setForm] = useState({ rating: 5, content: '' });
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (mine.data) setForm({ rating: mine.data.rating, content: mine.data.content });
  }, [mine.data]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await reviewsApi.save({ recordId, ...form });
      setNote({ ok: true, text: t(saved.state === 'passed' ? 'opac.review.published' : 'opac.review.sent') });
      mine.reload();
      onSaved();
    } catch (err) {
      setNote({ ok: false, text: issuesOf(err) });
    } finally {
      setBusy(false);
    }
  };
  const m: MyReviewDto | null | undefined = mine.data;
  return (
    <form className="opac-form opac-review-form" onSubmit={submit} aria-labelledby="opac-my-review">
      <h3 id="opac-my-review">{t(m ? 'opac.review.mine' : 'opac.review.write')}</h3>
      {m && (
        <p>
          <strong className={`opac-badge ${m.state === 'passed' ? 'ok' : ''}`}>
            {t(`opac.review.state.${m.state}`)}
          </strong>
          {m.state === 'rejected' && m.rejectReason && ` · ${t('opac.review.reason', { reason: m.rejectReason })}`}
        </p>
      )}
      <fieldset className="opac-rating">
        <legend>{t('opac.review.rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={form.rating === n}
              onChange={() => setForm({ ...form, rating: n })}
            />
            {t('opac.review.starN', { count: n })}
          </label>
        ))}
      </fieldset>
      <label>
        {t('opac.review.content')}
        <textarea
          rows={5}
          maxLength={2000}
          required
          value={form.content}
          onChange={(e) => setForm({ ...form, content: e.target.value })}
        />
      </label>
      {m && <p className="opac-muted">{t('opac.review.editHint')}</p>}
      <button type="submit" className="opac-primary" disabled={busy}>
        {t(m ? 'opac.review.update' : 'opac.review.submit')}
      </button>
      <Notice note={note} />
    </form>
  );
}

/** Readers' reviews of a record (passed ones, names masked) with the average rating; signed-in readers write theirs. */
export function RecordReviews({ recordId }: { recordId: number }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const loc = useLocation();
  const [page, setPage] = useState(1);
  const res = useLoad(() => reviewsApi.ofRecord(recordId, page), [recordId, page]);
  const d = res.data;
  return (
    <section aria-labelledby="opac-reviews" id="reviews">
      <h2 id="opac-reviews">{t('opac.review.heading')}</h2>
      {d && d.average !== null && (
        <p className="opac-review-average">
          <Stars value={d.average} /> {t('opac.review.average', { average: d.average, count: d.Total })}
        </p>
      )}
      <Failure text={res.error} />
      {d && d.Total === 0 && <p className="opac-empty">{t('opac.review.none')}</p>}
      <ul className="opac-cards opac-reviews">
        {d?.List.map((r) => (
          <li key={r.id}>
            <p>
              <strong>{r.maskedName}</strong> <Stars value={r.rating} />
              <span className="opac-muted"> · {r.createdAt.slice(0, 10)}</span>
            </p>
            <p className="opac-review-text">{r.content}</p>
          </li>
        ))}
      </ul>
      {d && d.Total > 10 && <Pager page={page} rows={10} total={d.Total} onPage={setPage} />}
      {token ? (
        <MyReview recordId={recordId} onSaved={res.reload} />
      ) : (
        <button type="button" className="opac-secondary" onClick={() => void signInReader(loc.pathname + loc.search)}>
          {t('opac.review.signIn')}
        </button>
      )}
    </section>
  );
}
