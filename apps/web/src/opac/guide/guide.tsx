import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSchool } from '../school.ts';
import { useLoad } from '../use-load.ts';
import { ActivitiesPanel, ActivityDetailPanel, TaskPanel } from './activities.tsx';
import { BookcasePanel } from './bookcase.tsx';
import { CardPanel } from './card.tsx';
import { kioskApps } from './device.tsx';
import { HotBooksPanel, NewBooksPanel, NewsDetailPanel, NewsPanel, StatsPanel } from './panels.tsx';
import { GuideSearch } from './search.tsx';
import { guideTiming } from './settings.ts';
import './guide.css';

export type GuideView =
  | 'bookcase'
  | 'home'
  | 'search'
  | 'newbook'
  | 'hotBook'
  | 'schoolNews'
  | 'newsDetail'
  | 'brstatistic'
  | 'schoolactivity'
  | 'activitytask'
  | 'activitydetaildoing'
  | 'activitydetailend'
  | 'card';

/** What the start screen turns through, each also a display route of its own. */
const PANELS = [
  { key: 'newbook', label: 'opac.guide.newBooks', el: () => <NewBooksPanel /> },
  { key: 'hotBook', label: 'opac.guide.hotBooks', el: () => <HotBooksPanel /> },
  { key: 'brstatistic', label: 'opac.guide.stats', el: () => <StatsPanel /> },
  { key: 'schoolNews', label: 'opac.guide.news', el: () => <NewsPanel /> },
] as const;

/** A clock for the hall (minutes). */
function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <time className="guide-clock" dateTime={now.toISOString()}>
      {now.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'zh-CN', {
        month: 'long',
        day: 'numeric',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      })}
    </time>
  );
}

/** The start screen: the panels turn every `interval` seconds; dots jump to one; a big button opens the search. */
function Home({ interval }: { interval: number }) {
  const { t } = useTranslation();
  const [at, setAt] = useState(0);
  const [turns, setTurns] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a jump (turns) restarts the wait
  useEffect(() => {
    const id = window.setTimeout(() => setAt((i) => (i + 1) % PANELS.length), interval * 1000);
    return () => window.clearTimeout(id);
  }, [at, turns, interval]);
  const panel = PANELS[at];
  return (
    <>
      <div className="guide-stage" data-panel={panel.key}>
        {panel.el()}
      </div>
      <nav className="guide-dots" aria-label={t('opac.guide.panels')}>
        {PANELS.map((p, i) => (
          <button
            key={p.key}
            type="button"
            aria-current={i === at ? 'true' : undefined}
            onClick={() => {
              setAt(i);
              setTurns((n) => n + 1);
            }}
          >
            {t(p.label)}
          </button>
        ))}
        <Link className="guide-search-button" to="/guidescreen/search">
          {t('opac.guide.search')}
        </Link>
      </nav>
    </>
  );
}

/**
 * Guide screens (issue 11 §3): full-screen pages for a library hall TV (1920×1080 landscape, 1080×1920 portrait)
 * and touch kiosks. Any screen but the start goes back to it after `idle` seconds without a touch.
 */
export default function GuideScreen({ view }: { view: GuideView }) {
  const { t, i18n } = useTranslation();
  const school = useSchool();
  const loc = useLocation();
  const navigate = useNavigate();
  // The school's settings (/search-mana); the address may override them (?interval=&idle=, seconds).
  const apps = useLoad(() => kioskApps(), []);
  const timing = useMemo(() => guideTiming(loc.search, apps.data?.List[0]?.settings), [loc.search, apps.data]);
  const idleTimer = useRef(0);
  useEffect(() => {
    document.title = t('opac.guide.title');
    document.documentElement.classList.add('guide-root');
    return () => document.documentElement.classList.remove('guide-root');
  }, [t]);
  useEffect(() => {
    // The start screen and a bookcase's screen are where the screen rests.
    if (view === 'home' || view === 'bookcase') return;
    const back = () => navigate('/guidescreen', { replace: true });
    const arm = () => {
      window.clearTimeout(idleTimer.current);
      idleTimer.current = window.setTimeout(back, timing.idle * 1000);
    };
    const events = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
    for (const e of events) window.addEventListener(e, arm, { passive: true });
    arm();
    return () => {
      window.clearTimeout(idleTimer.current);
      for (const e of events) window.removeEventListener(e, arm);
    };
  }, [view, timing.idle, navigate]);

  let body: ReactNode;
  if (view === 'home') body = <Home interval={timing.interval} />;
  else if (view === 'search') body = <GuideSearch />;
  else if (view === 'newsDetail') body = <NewsDetailPanel />;
  else if (view === 'bookcase') body = <BookcasePanel />;
  else if (view === 'schoolactivity') body = <ActivitiesPanel />;
  else if (view === 'activitytask') body = <TaskPanel />;
  else if (view === 'activitydetaildoing') body = <ActivityDetailPanel ended={false} />;
  else if (view === 'activitydetailend') body = <ActivityDetailPanel ended />;
  else if (view === 'card') body = <CardPanel />;
  else body = PANELS.find((p) => p.key === view)?.el();
  const en = i18n.language === 'en';
  return (
    <div className="guide">
      <header className="guide-header">
        <Link to="/guidescreen" className="guide-brand">
          {school ? (en && school.enName) || school.name : t('opac.guide.title')}
        </Link>
        <Clock />
        {view !== 'home' && view !== 'bookcase' && (
          <Link className="guide-home" to="/guidescreen">
            {t('opac.guide.home')}
          </Link>
        )}
      </header>
      <main className="guide-main">{body}</main>
    </div>
  );
}
