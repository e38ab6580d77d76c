import { OPAC_FIELDS, OPAC_SORTS, type OpacFacets } from '@shuyuan/contracts/opac/search';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { opacApi, type SiteConfig } from '../opac-api.ts';
import { Facets } from '../parts/Facets.tsx';
import { HitList, Pager } from '../parts/HitList.tsx';
import { hasFilters, readState, type SearchState, writeState } from '../query-state.ts';
import { useLoad, useTitle } from '../use-load.ts';
import { Failure } from '../parts/Notice.tsx';

const ROWS = 20;

/** The search box (keyword or one field), shared by the home view and the results. */
export function SearchBox({ state }: { state: SearchState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState(state.q);
  const [field, setField] = useState(state.field);
  useEffect(() => {
    setQ(state.q);
    setField(state.field);
  }, [state.q, state.field]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/search?${writeState({ ...state, q: q.trim(), field, page: 1, facets: {} })}`);
  };
  return (
    <form role="search" className="opac-searchbox" onSubmit={submit}>
      <label className="opac-sr" htmlFor="opac-field">
        {t('opac.search.fieldLabel')}
      </label>
      <select id="opac-field" value={field} onChange={(e) => setField(e.target.value as SearchState['field'])}>
        {OPAC_FIELDS.map((f) => (
          <option key={f} value={f}>
            {t(`opac.field.${f}`)}
          </option>
        ))}
      </select>
      <label className="opac-sr" htmlFor="opac-q">
        {t('opac.search.textLabel')}
      </label>
      <input
        id="opac-q"
        type="search"
        value={q}
        placeholder={t('opac.search.placeholder')}
        onChange={(e) => setQ(e.target.value)}
        enterKeyHint="search"
      />
      <button type="submit" className="opac-primary">
        {t('opac.search.submit')}
      </button>
    </form>
  );
}

function Results({ state }: { state: SearchState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const res = useLoad(
    () =>
      opacApi.search({
        SearchKey: state.q,
        field: state.field,
        sort: state.sort,
        facets: state.facets,
        Page: state.page,
        Rows: ROWS,
      }),
    [state.q, state.field, state.sort, state.page, JSON.stringify(state.facets)],
  );
  const go = (next: Partial<SearchState>) => navigate(`/search?${writeState({ ...state, ...next })}`);
  const toggle = (key: keyof OpacFacets, value: unknown) =>
    go({ page: 1, facets: { ...state.facets, [key]: value } as OpacFacets });
  const [showFacets, setShowFacets] = useState(false);
  const data = res.data;
  return (
    <div className="opac-results">
      <div className="opac-results-head">
        <h1 ref={heading} aria-live="polite">
          {res.loading && !data
            ? t('common.loading')
            : t('opac.search.found', { count: data?.Total ?? 0, q: state.q || t('opac.search.everything') })}
        </h1>
        <div className="opac-tools">
          <button
            type="button"
            className="opac-filter-toggle"
            aria-expanded={showFacets}
            aria-controls="opac-facets"
            onClick={() => setShowFacets(!showFacets)}
          >
            {t('opac.facet.toggle')}
          </button>
          <label htmlFor="opac-sort">{t('opac.sort.label')}</label>
          <select
            id="opac-sort"
            value={state.sort}
            onChange={(e) => go({ sort: e.target.value as SearchState['sort'], page: 1 })}
          >
            {OPAC_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`opac.sort.${s}`)}
              </option>
            ))}
          </select>
          {hasFilters(state) && (
            <button type="button" className="opac-link-button" onClick={() => go({ facets: {}, page: 1 })}>
              {t('opac.facet.clear')}
            </button>
          )}
        </div>
      </div>
      <Failure text={res.error} />
      <div className="opac-results-body">
        <div id="opac-facets" className={showFacets ? 'opac-facets-wrap open' : 'opac-facets-wrap'}>
          {data && <Facets facets={data.Facets} active={state.facets} onToggle={toggle} />}
        </div>
        <section aria-label={t('opac.search.resultsLabel')} aria-busy={res.loading}>
          {data && data.Total === 0 && <p className="opac-empty">{t('opac.search.none')}</p>}
          {data && <HitList hits={data.List} />}
          {data && (
            <Pager
              page={state.page}
              rows={ROWS}
              total={data.Total}
              onPage={(page) => {
                go({ page });
                heading.current?.focus();
                window.scrollTo(0, 0);
              }}
            />
          )}
        </section>
      </div>
    </div>
  );
}

function Home({ site }: { site: SiteConfig }) {
  const { t } = useTranslation();
  const none = Promise.resolve(null);
  const stat = useLoad(() => (site.showFigures ? opacApi.statfile() : none), [site.showFigures]);
  const fresh = useLoad(
    () => (site.showNewBooks ? opacApi.search({ sort: 'new', Rows: 6 }) : none),
    [site.showNewBooks],
  );
  const picks = useLoad(() => (site.showRecommended ? opacApi.recommend(1, 6) : none), [site.showRecommended]);
  return (
    <div className="opac-home">
      {site.hotWords.length > 0 && (
        <nav className="opac-hot" aria-label={t('opac.home.hotWords')}>
          <span className="opac-muted">{t('opac.home.hotWords')}</span>
          {site.hotWords.map((w) => (
            <Link key={w} to={`/search?q=${encodeURIComponent(w)}`}>
              {w}
            </Link>
          ))}
        </nav>
      )}
      {stat.data && (
        <dl className="opac-figures" aria-label={t('opac.home.figures')}>
          <div>
            <dt>{t('opac.home.records')}</dt>
            <dd>{stat.data.records}</dd>
          </div>
          <div>
            <dt>{t('opac.home.copies')}</dt>
            <dd>{stat.data.copies}</dd>
          </div>
          <div>
            <dt>{t('opac.home.available')}</dt>
            <dd>{stat.data.available}</dd>
          </div>
          <div>
            <dt>{t('opac.home.newThisMonth')}</dt>
            <dd>{stat.data.newThisMonth}</dd>
          </div>
        </dl>
      )}
      <Failure text={stat.error} />
      {fresh.data && (
        <section aria-labelledby="opac-new">
          <h2 id="opac-new">
            {t('opac.nav.newBooks')} <Link to="/search/recentnewbook">{t('opac.home.more')}</Link>
          </h2>
          <HitList hits={fresh.data.List} compact />
        </section>
      )}
      {picks.data && picks.data.Total > 0 && (
        <section aria-labelledby="opac-picks">
          <h2 id="opac-picks">
            {t('opac.nav.recommend')} <Link to="/search/recommend">{t('opac.home.more')}</Link>
          </h2>
          <HitList hits={picks.data.List} compact />
        </section>
      )}
    </div>
  );
}

/** /search: the search box; with a search (or a facet) the results, else the library's home view. */
export default function SearchPage() {
  const { t } = useTranslation();
  const loc = useLocation();
  const state = readState(loc.search);
  const searching = !!state.q || hasFilters(state) || new URLSearchParams(loc.search).has('q');
  useTitle(searching ? t('opac.search.resultsTitle') : t('opac.nav.search'));
  const site = useLoad(() => opacApi.site(), []);
  return (
    <>
      {!searching && <h1 className="opac-sr">{t('opac.nav.search')}</h1>}
      {!searching && site.data?.welcome && <p className="opac-welcome">{site.data.welcome}</p>}
      <SearchBox state={state} />
      <p className="opac-under-box">
        <Link to="/advancedsearch">{t('opac.nav.advanced')}</Link>
        <Link to="/search/classify">{t('opac.nav.classify')}</Link>
      </p>
      {searching ? <Results state={state} /> : site.data && <Home site={site.data} />}
      {!searching && <Failure text={site.error} />}
    </>
  );
}
