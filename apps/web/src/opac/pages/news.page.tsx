import type { BulletinKind } from '@shuyuan/contracts/bulletin/bulletin';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { bulletinApi } from '../bulletin-api.ts';
import { Pager } from '../parts/HitList.tsx';
import { Failure } from '../parts/Notice.tsx';
import { day } from '../parts/RichText.tsx';
import { useLoad, useTitle } from '../use-load.ts';

const ROWS = 10;

/**
 * /search/newslist: the library's published notices and news, pinned first, newest first (tabs: all, notices,
 * news); /search/libpic: the library dynamics with their pictures.
 */
export default function NewsPage({ pictures }: { pictures?: boolean }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const tab = params.get('kind') as BulletinKind | null;
  const kind: BulletinKind | undefined = pictures ? 'dynamic' : tab === 'notice' || tab === 'news' ? tab : undefined;
  const title = t(pictures ? 'opac.news.pictures' : 'opac.news.title');
  useTitle(title);
  const res = useLoad(() => bulletinApi.list({ kind, Page: page, Rows: ROWS }), [kind, page]);
  const go = (next: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...next });
  return (
    <div>
      <h1>{title}</h1>
      {!pictures && (
        <div className="opac-kinds" role="group" aria-label={t('opac.news.kinds')}>
          {(['', 'notice', 'news'] as const).map((k) => (
            <button
              key={k || 'all'}
              type="button"
              className={(tab ?? '') === k ? 'opac-tab on' : 'opac-tab'}
              aria-pressed={(tab ?? '') === k}
              onClick={() => go({ kind: k, page: '1' })}
            >
              {t(`opac.news.kind.${k || 'all'}`)}
            </button>
          ))}
        </div>
      )}
      <Failure text={res.error} />
      {res.data && res.data.Total === 0 && <p className="opac-empty">{t('opac.news.none')}</p>}
      {res.data && (
        <ul className="opac-news">
          {res.data.List.map((n) => (
            <li key={n.id} className="opac-news-item">
              {(n.cover || n.pictures[0]) && (
                <img className="opac-news-cover" src={n.cover || n.pictures[0]} alt="" loading="lazy" />
              )}
              <div>
                <h2>
                  <Link to={`/search/newsdetail?id=${n.id}`}>{n.title}</Link>
                </h2>
                <p className="opac-muted">
                  {n.pinned && <span className="opac-badge ok">{t('opac.news.pinned')}</span>}{' '}
                  {t(`opac.news.kind.${n.kind}`)} ·{' '}
                  <time dateTime={n.publishedAt ?? ''}>{day(n.publishedAt, i18n.language)}</time>
                </p>
                {n.summary && <p>{n.summary}</p>}
                {pictures && n.pictures.length > 0 && (
                  <ul className="opac-gallery">
                    {n.pictures.map((src) => (
                      <li key={src}>
                        <img src={src} alt={n.title} loading="lazy" />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {res.data && <Pager page={page} rows={ROWS} total={res.data.Total} onPage={(p) => go({ page: String(p) })} />}
    </div>
  );
}
