import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { bulletinApi } from '../bulletin-api.ts';
import { HitList, Pager } from '../parts/HitList.tsx';
import { Failure } from '../parts/Notice.tsx';
import { day, RichText } from '../parts/RichText.tsx';
import { useLoad, useTitle } from '../use-load.ts';

const ROWS = 20;

/** /search/NewBookAnnouncement: the published new-book announcements; with ?id= one of them and its books. */
export default function AnnouncementPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const all = useLoad(() => (id ? Promise.resolve(null) : bulletinApi.announcements(page, ROWS)), [id, page]);
  const one = useLoad(() => (id ? bulletinApi.announcement(id, page, ROWS) : Promise.resolve(null)), [id, page]);
  const a = one.data;
  const title = a?.title ?? t('opac.announce.title');
  useTitle(title);
  const toPage = (p: number) => setParams({ ...Object.fromEntries(params), page: String(p) });
  if (id)
    return (
      <div>
        <p>
          <Link to="/search/NewBookAnnouncement">{t('opac.announce.all')}</Link>
        </p>
        <Failure text={one.error} />
        {a && (
          <>
            <h1>{a.title}</h1>
            <p className="opac-muted">
              <time dateTime={a.publishedAt ?? ''}>{day(a.publishedAt, i18n.language)}</time> ·{' '}
              {t('opac.announce.books', { count: a.Total })}
            </p>
            <RichText html={a.intro} />
            <HitList hits={a.List} />
            <Pager page={page} rows={ROWS} total={a.Total} onPage={toPage} />
          </>
        )}
      </div>
    );
  return (
    <div>
      <h1>{title}</h1>
      <Failure text={all.error} />
      {all.data && all.data.Total === 0 && <p className="opac-empty">{t('opac.announce.none')}</p>}
      {all.data && (
        <ul className="opac-news">
          {all.data.List.map((x) => (
            <li key={x.id} className="opac-news-item">
              {x.cover && <img className="opac-news-cover" src={x.cover} alt="" loading="lazy" />}
              <div>
                <h2>
                  <Link to={`/search/NewBookAnnouncement?id=${x.id}`}>{x.title}</Link>
                </h2>
                <p className="opac-muted">
                  <time dateTime={x.publishedAt ?? ''}>{day(x.publishedAt, i18n.language)}</time> ·{' '}
                  {t('opac.announce.books', { count: x.books })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {all.data && <Pager page={page} rows={ROWS} total={all.data.Total} onPage={toPage} />}
    </div>
  );
}
