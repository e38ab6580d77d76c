import type { ActivityInfo } from '@shuyuan/contracts/themes/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/auth/session.ts';
import { recordPath } from '../labels.ts';
import { Pager } from '../parts/HitList.tsx';
import { Failure } from '../parts/Notice.tsx';
import { signInReader } from '../reader.ts';
import { useLoad, useTitle } from '../use-load.ts';
import { StateBadge } from './theme-list.page.tsx';
import { themesApi } from './themes-api.ts';
import { WorkList } from './work-list.tsx';

const ROWS = 12;

/** The tasks of a theme or an activity, with how many readers have done each. */
function Tasks({ info }: { info: ActivityInfo }) {
  const { t } = useTranslation();
  if (!info.tasks.length) return null;
  return (
    <section aria-labelledby="th-tasks">
      <h2 id="th-tasks">{t('opac.themes.tasks')}</h2>
      <ul className="opac-plain">
        {info.tasks.map((x) => (
          <li key={x.id}>
            <strong>{x.title}</strong>{' '}
            <span className="opac-muted">
              {t(`opac.themes.task.${x.kind}`, { count: x.count })} · {t('opac.themes.doneBy', { count: x.done })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Passed works (names masked), a page at a time. */
function Works({ themeId, activityId }: { themeId?: number; activityId?: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const res = useLoad(
    () => (activityId ? themesApi.activityWork(activityId, page, ROWS) : themesApi.themeWork(themeId!, page, ROWS)),
    [themeId, activityId, page],
  );
  if (!res.data?.Total) return null;
  return (
    <section aria-labelledby="th-works">
      <h2 id="th-works">{t('opac.themes.works')}</h2>
      <WorkList items={res.data.List} />
      <Pager page={page} rows={ROWS} total={res.data.Total} onPage={setPage} />
    </section>
  );
}

/**
 * /search/themeList/details?id= (a theme) and /search/themeList/activity-details?id= (one of its activities): the
 * period, the book list, the tasks, the activities and the readers' passed works; readers join from their area.
 */
export default function ThemeDetailsPage({ activity }: { activity?: boolean }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const res = useLoad(() => themesApi.info(activity ? { id } : { themeId: id }), [activity, id]);
  const info = res.data;
  const head = info?.activity ?? info?.theme;
  useTitle(head?.title ?? t('opac.themes.title'));
  return (
    <div>
      <p>
        <Link to="/search/themeList">{t('opac.themes.all')}</Link>
        {info?.activity && (
          <>
            {' · '}
            <Link to={`/search/themeList/details?id=${info.theme.id}`}>{info.theme.title}</Link>
          </>
        )}
      </p>
      <Failure text={res.error} />
      {info && head && (
        <article>
          <h1>{head.title}</h1>
          <p className="opac-muted">
            <StateBadge state={head.state} /> {t('opac.themes.period', { start: head.startDate, end: head.endDate })}
            {!info.activity && ` · ${t('opac.themes.joined', { count: info.theme.participants })}`}
          </p>
          {head.cover && <img className="opac-article-cover" src={head.cover} alt="" />}
          {head.description && <p className="opac-work-text">{head.description}</p>}
          {head.state === 'running' && (
            <p>
              {token ? (
                <Link className="opac-primary" to="/search/personal?tab=themes">
                  {t('opac.themes.joinInArea')}
                </Link>
              ) : (
                <button
                  type="button"
                  className="opac-primary"
                  onClick={() => void signInReader('/search/personal?tab=themes')}
                >
                  {t('opac.themes.signInToJoin')}
                </button>
              )}
            </p>
          )}
          <Tasks info={info} />
          {!info.activity && info.books.length > 0 && (
            <section aria-labelledby="th-books">
              <h2 id="th-books">{t('opac.themes.bookList')}</h2>
              <ol className="opac-booklist">
                {info.books.map((b) => (
                  <li key={b.id}>
                    <Link to={recordPath(b.id)}>{b.title}</Link>
                    {b.author && <span className="opac-muted"> · {b.author}</span>}
                  </li>
                ))}
              </ol>
            </section>
          )}
          {!info.activity && info.activities.length > 0 && (
            <section aria-labelledby="th-acts">
              <h2 id="th-acts">{t('opac.themes.activities')}</h2>
              <ul className="opac-plain">
                {info.activities.map((a) => (
                  <li key={a.id}>
                    <Link to={`/search/themeList/activity-details?id=${a.id}`}>{a.title}</Link>{' '}
                    <StateBadge state={a.state} />{' '}
                    <span className="opac-muted">
                      {t('opac.themes.period', { start: a.startDate, end: a.endDate })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Works themeId={info.theme.id} activityId={info.activity?.id} />
        </article>
      )}
    </div>
  );
}
