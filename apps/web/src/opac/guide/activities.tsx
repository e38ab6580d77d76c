import type { ChartRankData } from '@shuyuan/contracts/statistics/charts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { bulletinApi } from '../bulletin-api.ts';
import { Failure } from '../parts/Notice.tsx';
import { day, RichText } from '../parts/RichText.tsx';
import { useLoad } from '../use-load.ts';
import { chartsApi, loansOf } from './guide-api.ts';
import { Ranking } from './panels.tsx';
import { RunningTasks, ThemeDetail, themeSource } from './themes.tsx';

/**
 * One thing the activity screens (/schoolactivity, /activitydetaildoing, /activitydetailend) show: the reading
 * themes (issue 16) and the library's news and dynamics, each a source of its own (ACTIVITY_SOURCES). /activitytask
 * shows the running themes' tasks above the reading rankings.
 */
export interface ActivityItem {
  /** Unique over all sources, e.g. `news:12`. */
  key: string;
  title: string;
  summary: string;
  picture: string;
  /** Start (ISO time): published, or the activity's start. */
  start: string;
  /** Still running: the newer news; an activity until its end day. */
  current: boolean;
  /** Where its detail opens (a guide route with its id). */
  to: string;
}

export interface ActivitySource {
  name: string;
  load: () => Promise<ActivityItem[]>;
}

/** News and dynamics count as current for this many days after publishing. */
const CURRENT_DAYS = 30;

/** The library's published news and dynamics (bulletin module), newest first. */
const bulletinSource: ActivitySource = {
  name: 'bulletin',
  load: async () => {
    const [news, dynamics] = await Promise.all([
      bulletinApi.list({ kind: 'news', Page: 1, Rows: 12 }),
      bulletinApi.list({ kind: 'dynamic', Page: 1, Rows: 12 }),
    ]);
    const since = Date.now() - CURRENT_DAYS * 86_400_000;
    return [...news.List, ...dynamics.List].map((n) => {
      const current = !n.publishedAt || Date.parse(n.publishedAt) >= since;
      return {
        key: `bulletin:${n.id}`,
        title: n.title,
        summary: n.summary,
        picture: n.cover || n.pictures[0] || '',
        start: n.publishedAt ?? '',
        current,
        to: `/${current ? 'activitydetaildoing' : 'activitydetailend'}?id=${n.id}`,
      };
    });
  },
};

/** Every source of activities: the reading themes (guide/themes.tsx) and the library's news. */
export const ACTIVITY_SOURCES: ActivitySource[] = [themeSource, bulletinSource];

async function loadActivities(): Promise<ActivityItem[]> {
  const all = (await Promise.all(ACTIVITY_SOURCES.map((s) => s.load()))).flat();
  return all.sort((a, b) => b.start.localeCompare(a.start));
}

function ActivityList({ items, label }: { items: ActivityItem[]; label: string }) {
  const { i18n } = useTranslation();
  return (
    <ul className="guide-news" aria-label={label}>
      {items.map((a) => (
        <li key={a.key}>
          <Link to={a.to}>
            {a.picture && <img src={a.picture} alt="" />}
            <span>
              <strong>{a.title}</strong>
              <span className="guide-muted">{day(a.start, i18n.language)}</span>
              {a.summary && <span className="guide-summary">{a.summary}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The readers of a period, names masked (the Charts endpoint masks them). */
function ReaderBoard({ period, id }: { period: 'month' | 'term'; id: string }) {
  const { t } = useTranslation();
  const res = useLoad(() => chartsApi.readers({ period, top: 5 }), [period]);
  return (
    <aside className="guide-side">
      <Failure text={res.error} />
      <Ranking
        id={id}
        title={t(period === 'term' ? 'opac.guide.act.readersTerm' : 'opac.guide.act.readersMonth')}
        rows={res.data?.List}
      />
    </aside>
  );
}

/** /schoolactivity: what goes on in the library now and before, beside this month's most active readers. */
export function ActivitiesPanel() {
  const { t } = useTranslation();
  const res = useLoad(() => loadActivities(), []);
  const now = res.data?.filter((a) => a.current) ?? [];
  const before = res.data?.filter((a) => !a.current).slice(0, 4) ?? [];
  return (
    <section className="guide-panel" aria-labelledby="gp-act">
      <h1 id="gp-act">{t('opac.guide.act.title')}</h1>
      <Failure text={res.error} />
      <div className="guide-with-side">
        <div>
          {res.data && res.data.length === 0 && <p className="guide-empty">{t('opac.guide.act.none')}</p>}
          {now.length > 0 && (
            <>
              <h2>{t('opac.guide.act.now')}</h2>
              <ActivityList items={now.slice(0, 6)} label={t('opac.guide.act.now')} />
            </>
          )}
          {before.length > 0 && (
            <>
              <h2>{t('opac.guide.act.before')}</h2>
              <ActivityList items={before} label={t('opac.guide.act.before')} />
            </>
          )}
        </div>
        <ReaderBoard period="month" id="gp-act-readers" />
      </div>
    </section>
  );
}

/**
 * /activitytask: the reading challenge — who borrows most this term (readers masked, classes, grades) and the
 * loans of today and this month; above them the running reading themes' tasks (guide/themes.tsx).
 */
export function TaskPanel() {
  const { t } = useTranslation();
  const res = useLoad(
    () =>
      Promise.all([
        loansOf('day'),
        loansOf('month'),
        chartsApi.readers({ period: 'term', top: 8 }),
        chartsApi.classes({ period: 'term', top: 8 }),
        chartsApi.grades({ period: 'term', top: 8 }),
      ]),
    [],
  );
  const [today, month, readers, classes, grades] = (res.data ?? []) as [
    number?,
    number?,
    ChartRankData?,
    ChartRankData?,
    ChartRankData?,
  ];
  return (
    <section className="guide-panel" aria-labelledby="gp-task">
      <h1 id="gp-task">{t('opac.guide.act.task')}</h1>
      <p className="guide-muted">{t('opac.guide.act.taskHelp')}</p>
      <Failure text={res.error} />
      <RunningTasks />
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
        <Ranking id="gp-task-readers" title={t('opac.guide.act.readersTerm')} rows={readers?.List} />
        <Ranking id="gp-task-classes" title={t('opac.guide.act.classesTerm')} rows={classes?.List} />
        <Ranking id="gp-task-grades" title={t('opac.guide.act.gradesTerm')} rows={grades?.List} />
      </div>
    </section>
  );
}

/**
 * /activitydetaildoing?id= and /activitydetailend?id=: one activity (today: a news item or dynamic) large, with the
 * readers of the month (running) or of the term (ended). Without an id: the newest running one, or the ended list.
 */
export function ActivityDetailPanel({ ended }: { ended: boolean }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const asked = Number(params.get('id')) || 0;
  const askedTheme = Number(params.get('theme')) || 0;
  const list = useLoad(() => (asked || askedTheme ? Promise.resolve([]) : loadActivities()), [asked, askedTheme]);
  const endedItems = list.data?.filter((a) => !a.current) ?? [];
  // Without an id: the newest running one is shown; the ended ones are listed.
  const newest = ended ? undefined : list.data?.find((a) => a.current);
  const [source, key] = newest?.key.split(':') ?? [];
  const themeId = askedTheme || (source === 'theme' ? Number(key) : 0);
  const id = asked || (source === 'bulletin' ? Number(key) : 0);
  const res = useLoad(() => (id ? bulletinApi.detail(id) : Promise.resolve(null)), [id]);
  const n = res.data;
  const heading = t(ended ? 'opac.guide.act.ended' : 'opac.guide.act.running');
  const empty = !asked && !askedTheme && list.data && (ended ? endedItems.length === 0 : !newest);
  return (
    <section className="guide-panel" aria-label={heading}>
      <Failure text={res.error ?? list.error} />
      <div className="guide-with-side">
        <article className="guide-article">
          <p className="guide-badge">{heading}</p>
          {empty && <p className="guide-empty">{t('opac.guide.act.none')}</p>}
          {!asked && !askedTheme && ended && endedItems.length > 0 && (
            <ActivityList items={endedItems} label={heading} />
          )}
          {themeId > 0 && <ThemeDetail id={themeId} />}
          {n && (
            <>
              <h1>{n.title}</h1>
              <p className="guide-muted">{day(n.publishedAt, i18n.language)}</p>
              {n.cover && <img className="guide-article-cover" src={n.cover} alt="" />}
              <RichText html={n.content} />
            </>
          )}
          <Link className="guide-back" to="/schoolactivity">
            {t('opac.guide.act.all')}
          </Link>
        </article>
        <ReaderBoard period={ended ? 'term' : 'month'} id="gp-detail-readers" />
      </div>
    </section>
  );
}
