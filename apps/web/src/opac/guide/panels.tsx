import type { ChartRankRow } from '@shuyuan/contracts/statistics/charts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { bulletinApi } from '../bulletin-api.ts';
import { opacApi } from '../opac-api.ts';
import { Failure } from '../parts/Notice.tsx';
import { day, RichText } from '../parts/RichText.tsx';
import { useLoad } from '../use-load.ts';
import { chartsApi, loansOf } from './guide-api.ts';

/** /newbook: the newest catalogued books, covers first. */
export function NewBooksPanel() {
  const { t } = useTranslation();
  const res = useLoad(() => opacApi.search({ sort: 'new', Page: 1, Rows: 12 }), []);
  return (
    <section className="guide-panel" aria-labelledby="gp-new">
      <h1 id="gp-new">{t('opac.guide.newBooks')}</h1>
      <Failure text={res.error} />
      {res.data && res.data.Total === 0 && <p className="guide-empty">{t('opac.search.none')}</p>}
      <ul className="guide-books">
        {res.data?.List.map((b) => (
          <li key={b.id}>
            <Link to={`/guidescreen/search?id=${b.id}`}>
              <span className="guide-cover" aria-hidden="true">
                {b.coverUrl ? <img src={b.coverUrl} alt="" /> : <span>{b.title.slice(0, 4)}</span>}
              </span>
              <strong>{b.title}</strong>
              <span className="guide-muted">{b.author}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Ranking({ title, rows, id }: { title: string; rows?: ChartRankRow[]; id: string }) {
  const { t } = useTranslation();
  return (
    <div className="guide-rank" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows && rows.length === 0 && <p className="guide-empty">{t('opac.guide.noLoans')}</p>}
      <ol>
        {rows?.map((r) => (
          <li key={`${r.rank}-${r.name}`}>
            <span className="guide-rank-no">{r.rank}</span>
            <span className="guide-rank-name">
              {r.name}
              {r.detail && <span className="guide-muted"> {r.detail}</span>}
            </span>
            <span className="guide-rank-count">{t('opac.guide.times', { count: r.count })}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** /hotBook: the most borrowed titles this month. */
export function HotBooksPanel() {
  const { t } = useTranslation();
  const res = useLoad(() => chartsApi.items({ period: 'month', top: 10 }), []);
  return (
    <section className="guide-panel" aria-labelledby="gp-hot">
      <h1 id="gp-hot">{t('opac.guide.hotBooks')}</h1>
      <Failure text={res.error} />
      <Ranking id="gp-hot-list" title={t('opac.guide.thisMonth')} rows={res.data?.List} />
    </section>
  );
}

/** /brstatistic: today's and this month's loans; rankings by grade, class and reader (names masked). */
export function StatsPanel() {
  const { t } = useTranslation();
  const res = useLoad(
    () =>
      Promise.all([
        loansOf('day'),
        loansOf('month'),
        chartsApi.grades({ period: 'month', top: 5 }),
        chartsApi.classes({ period: 'month', top: 5 }),
        chartsApi.readers({ period: 'month', top: 5 }),
      ]),
    [],
  );
  const [today, month, grades, classes, readers] = res.data ?? [];
  return (
    <section className="guide-panel" aria-labelledby="gp-stat">
      <h1 id="gp-stat">{t('opac.guide.stats')}</h1>
      <Failure text={res.error} />
      <div className="guide-figures">
        <p>
          <span>{t('opac.guide.loansToday')}</span>
          <strong>{today ?? '–'}</strong>
        </p>
        <p>
          <span>{t('opac.guide.loansMonth')}</span>
          <strong>{month ?? '–'}</strong>
        </p>
      </div>
      <div className="guide-ranks">
        <Ranking id="gp-grades" title={t('opac.guide.byGrade')} rows={grades?.List} />
        <Ranking id="gp-classes" title={t('opac.guide.byClass')} rows={classes?.List} />
        <Ranking id="gp-readers" title={t('opac.guide.byReader')} rows={readers?.List} />
      </div>
    </section>
  );
}

/** /schoolNews: the published notices and news. */
export function NewsPanel() {
  const { t, i18n } = useTranslation();
  const res = useLoad(() => bulletinApi.list({ Page: 1, Rows: 6 }), []);
  return (
    <section className="guide-panel" aria-labelledby="gp-news">
      <h1 id="gp-news">{t('opac.guide.news')}</h1>
      <Failure text={res.error} />
      {res.data && res.data.Total === 0 && <p className="guide-empty">{t('opac.news.none')}</p>}
      <ul className="guide-news">
        {res.data?.List.map((n) => (
          <li key={n.id}>
            <Link to={`/newsDetail?id=${n.id}`}>
              {(n.cover || n.pictures[0]) && <img src={n.cover || n.pictures[0]} alt="" />}
              <span>
                <strong>{n.title}</strong>
                <span className="guide-muted">{day(n.publishedAt, i18n.language)}</span>
                {n.summary && <span className="guide-summary">{n.summary}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /newsDetail?id=: one published item, large. */
export function NewsDetailPanel() {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const res = useLoad(() => bulletinApi.detail(id), [id]);
  const n = res.data;
  return (
    <article className="guide-panel guide-article">
      <Failure text={res.error} />
      {n && (
        <>
          <h1>{n.title}</h1>
          <p className="guide-muted">{day(n.publishedAt, i18n.language)}</p>
          {n.cover && <img className="guide-article-cover" src={n.cover} alt="" />}
          <RichText html={n.content} />
          {n.pictures.length > 0 && (
            <ul className="guide-pictures">
              {n.pictures.map((src, i) => (
                <li key={src}>
                  <img src={src} alt={`${n.title} ${i + 1}`} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </article>
  );
}
