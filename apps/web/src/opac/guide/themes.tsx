import type { ActivityInfo } from '@shuyuan/contracts/themes/theme';
import { useTranslation } from 'react-i18next';
import { Failure } from '../parts/Notice.tsx';
import { day } from '../parts/RichText.tsx';
import { themesApi } from '../themes/themes-api.ts';
import { useLoad } from '../use-load.ts';
import type { ActivitySource } from './activities.tsx';
import './themes.css';

/** The published reading themes (issue 16) as activities of the hall screens: current until their end day. */
export const themeSource: ActivitySource = {
  name: 'themes',
  load: async () => {
    const res = await themesApi.themes({ Page: 1, Rows: 12 });
    return res.List.map((th) => {
      const current = th.state !== 'ended';
      return {
        key: `theme:${th.id}`,
        title: th.title,
        summary: th.description,
        picture: th.cover,
        start: th.startDate,
        current,
        to: `/${current ? 'activitydetaildoing' : 'activitydetailend'}?theme=${th.id}`,
      };
    });
  },
};

/** A theme's or an activity's tasks with how many readers have done each. */
function TaskFigures({ info }: { info: ActivityInfo }) {
  const { t } = useTranslation();
  return (
    <ul className="guide-tasks">
      {info.tasks.map((x) => (
        <li key={x.id}>
          <strong>{x.title}</strong>
          <span className="guide-muted">{t(`opac.themes.task.${x.kind}`, { count: x.count })}</span>
          <span className="guide-task-done">{t('opac.themes.doneBy', { count: x.done })}</span>
        </li>
      ))}
    </ul>
  );
}

/** /activitydetaildoing?theme= and /activitydetailend?theme=: one theme large — tasks, books, the newest works. */
export function ThemeDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const res = useLoad(() => Promise.all([themesApi.info({ themeId: id }), themesApi.themeWork(id, 1, 6)]), [id]);
  const [info, works] = res.data ?? [];
  if (res.error) return <Failure text={res.error} />;
  if (!info) return null;
  const th = info.theme;
  return (
    <>
      <h1>{th.title}</h1>
      <p className="guide-muted">
        {t('opac.themes.period', { start: th.startDate, end: th.endDate })} ·{' '}
        {t('opac.themes.joined', { count: th.participants })} · {t('opac.themes.completedBy', { count: th.completed })}
      </p>
      {th.cover && <img className="guide-article-cover" src={th.cover} alt="" />}
      {th.description && <p className="guide-summary">{th.description}</p>}
      <h2>{t('opac.themes.tasks')}</h2>
      <TaskFigures info={info} />
      {info.books.length > 0 && (
        <>
          <h2>{t('opac.themes.bookList')}</h2>
          <p>{info.books.map((b) => `《${b.title}》`).join(' ')}</p>
        </>
      )}
      {works && works.List.length > 0 && (
        <>
          <h2>{t('opac.themes.works')}</h2>
          <ul className="guide-works">
            {works.List.map((w) => (
              <li key={w.id}>
                {w.kind === 'picture' ? (
                  <img src={w.image} alt={t('opac.themes.workOf', { name: w.name })} />
                ) : (
                  <p>{w.text}</p>
                )}
                <span className="guide-muted">
                  {w.name} · {day(w.at, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** /activitytask: the tasks of the running themes, with how many readers have done each. */
export function RunningTasks() {
  const { t } = useTranslation();
  const res = useLoad(async () => {
    const running = await themesApi.themes({ state: 'running', Page: 1, Rows: 3 });
    return Promise.all(running.List.map((th) => themesApi.info({ themeId: th.id })));
  }, []);
  if (!res.data?.length) return null;
  return (
    <div className="guide-theme-tasks">
      {res.data.map((info) => (
        <section key={info.theme.id} aria-labelledby={`gt-${info.theme.id}`}>
          <h2 id={`gt-${info.theme.id}`}>
            {info.theme.title}{' '}
            <span className="guide-muted">{t('opac.themes.until', { end: info.theme.endDate })}</span>
          </h2>
          <TaskFigures info={info} />
        </section>
      ))}
    </div>
  );
}
