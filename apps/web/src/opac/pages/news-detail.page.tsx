import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { bulletinApi } from '../bulletin-api.ts';
import { Failure } from '../parts/Notice.tsx';
import { day, RichText } from '../parts/RichText.tsx';
import { useLoad, useTitle } from '../use-load.ts';

/** /search/newsdetail?id=: one published notice, news item or library dynamic with its text and pictures. */
export default function NewsDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const res = useLoad(() => bulletinApi.detail(id), [id]);
  const n = res.data;
  useTitle(n?.title ?? t('opac.news.title'));
  return (
    <article className="opac-article">
      <p>
        <Link to={n?.kind === 'dynamic' ? '/search/libpic' : '/search/newslist'}>
          {t(n?.kind === 'dynamic' ? 'opac.news.backPictures' : 'opac.news.back')}
        </Link>
      </p>
      <Failure text={res.error} />
      {n && (
        <>
          <h1>{n.title}</h1>
          <p className="opac-muted">
            {t(`opac.news.kind.${n.kind}`)} ·{' '}
            <time dateTime={n.publishedAt ?? ''}>{day(n.publishedAt, i18n.language)}</time>
            {n.authorName && ` · ${n.authorName}`}
          </p>
          {n.cover && <img className="opac-article-cover" src={n.cover} alt="" />}
          <RichText html={n.content} />
          {n.pictures.length > 0 && (
            <ul className="opac-gallery large">
              {n.pictures.map((src, i) => (
                <li key={src}>
                  <img src={src} alt={`${n.title} ${i + 1}`} loading="lazy" />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </article>
  );
}
