import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { opacApi } from '../opac-api.ts';
import { writeState } from '../query-state.ts';
import { useLoad, useTitle } from '../use-load.ts';
import { Failure } from '../parts/Notice.tsx';

/** /search/classify: browse the 中图法 classes (with the library's record counts) down to a list of books. */
export default function ClassifyPage() {
  const { t } = useTranslation();
  useTitle(t('opac.nav.classify'));
  const loc = useLocation();
  const p = new URLSearchParams(loc.search);
  const parent = p.get('parent') ?? '';
  const trail = (p.get('trail') ?? '').split('|').filter(Boolean);
  const nodes = useLoad(() => opacApi.classify(parent || undefined), [parent]);
  const books = (code: string) =>
    `/search?${writeState({ q: code, field: 'classNo', sort: 'callNo', page: 1, facets: {} })}`;
  return (
    <div>
      <h1>{t('opac.nav.classify')}</h1>
      <nav aria-label={t('opac.classify.trail')} className="opac-trail">
        <Link to="/search/classify">{t('opac.classify.top')}</Link>
        {trail.map((c, i) => (
          <span key={c}>
            {' › '}
            <Link to={`/search/classify?parent=${encodeURIComponent(c)}&trail=${trail.slice(0, i + 1).join('|')}`}>
              {c}
            </Link>
          </span>
        ))}
      </nav>
      {parent && (
        <p>
          <Link to={books(parent)}>{t('opac.classify.allIn', { code: parent })}</Link>
        </p>
      )}
      <Failure text={nodes.error} />
      <ul className="opac-classes">
        {nodes.data?.map((n) => (
          <li key={n.code}>
            {n.hasChildren ? (
              <Link to={`/search/classify?parent=${encodeURIComponent(n.code)}&trail=${[...trail, n.code].join('|')}`}>
                <strong>{n.code}</strong> {n.name}
              </Link>
            ) : (
              <span>
                <strong>{n.code}</strong> {n.name}
              </span>
            )}{' '}
            {n.count > 0 ? (
              <Link to={books(n.code)} className="opac-count-link">
                {t('opac.classify.books', { count: n.count })}
              </Link>
            ) : (
              <span className="opac-muted">{t('opac.classify.books', { count: 0 })}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
