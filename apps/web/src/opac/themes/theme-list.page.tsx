import type { ThemeState } from '@shuyuan/contracts/themes/theme';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../parts/HitList.tsx';
import { Failure } from '../parts/Notice.tsx';
import { useLoad, useTitle } from '../use-load.ts';
import { themesApi } from './themes-api.ts';

const ROWS = 10;
const STATES = ['running', 'ended'] as const;

/** A theme's state as a badge: running, ended, coming. */
export function StateBadge({ state }: { state: ThemeState }) {
  const { t } = useTranslation();
  return (
    <span className={state === 'running' ? 'opac-badge ok' : 'opac-badge'}>{t(`opac.themes.state.${state}`)}</span>
  );
}

/** /search/themeList: the library's published reading themes, running first (tabs: all, running, ended). */
export default function ThemeListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const asked = params.get('state');
  const state = STATES.find((s) => s === asked);
  useTitle(t('opac.themes.title'));
  const res = useLoad(() => themesApi.themes({ state, Page: page, Rows: ROWS }), [state, page]);
  return (
    <div>
      <h1>{t('opac.themes.title')}</h1>
      <div className="opac-kinds" role="group" aria-label={t('opac.themes.states')}>
        {([undefined, ...STATES] as const).map((s) => (
          <button
            key={s ?? 'all'}
            type="button"
            aria-pressed={s === state}
            onClick={() => setParams(s ? { state: s } : {})}
          >
            {t(s ? `opac.themes.state.${s}` : 'opac.themes.all')}
          </button>
        ))}
      </div>
      <Failure text={res.error} />
      {res.data?.Total === 0 && <p className="opac-empty">{t('opac.themes.none')}</p>}
      <ul className="opac-news">
        {res.data?.List.map((th) => (
          <li key={th.id} className="opac-news-item">
            {th.cover && <img className="opac-news-cover" src={th.cover} alt="" loading="lazy" />}
            <div>
              <h2>
                <Link to={`/search/themeList/details?id=${th.id}`}>{th.title}</Link>
              </h2>
              <p className="opac-muted">
                <StateBadge state={th.state} /> {t('opac.themes.period', { start: th.startDate, end: th.endDate })} ·{' '}
                {t('opac.themes.joined', { count: th.participants })} · {t('opac.themes.books', { count: th.books })}
              </p>
              {th.description && <p>{th.description}</p>}
            </div>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        rows={ROWS}
        total={res.data?.Total ?? 0}
        onPage={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
      />
    </div>
  );
}
