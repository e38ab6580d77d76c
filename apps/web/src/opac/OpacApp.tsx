import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Link, Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useSession } from '../app/auth/session.ts';
import { setLang } from '../i18n/index.ts';
import { opacApi } from './opac-api.ts';
import { meApi } from './personal/personal-api.ts';
import { chooseSchool, useSchool } from './school.ts';
import { signInReader } from './reader.ts';
import type { GuideView } from './guide/guide.tsx';

const SearchPage = lazy(() => import('./pages/search.page.tsx'));
const AdvancedPage = lazy(() => import('./pages/advanced.page.tsx'));
const DetailsPage = lazy(() => import('./pages/details.page.tsx'));
const TransitionPage = lazy(() => import('./pages/transition.page.tsx'));
const OrSchoolPage = lazy(() => import('./pages/orschool.page.tsx'));
const ClassifyPage = lazy(() => import('./pages/classify.page.tsx'));
const ListPage = lazy(() => import('./pages/list.page.tsx'));
const PersonalPage = lazy(() => import('./personal/personal.page.tsx'));
const UserInfoPage = lazy(() => import('./personal/userinfo.page.tsx'));
const ThemeListPage = lazy(() => import('./themes/theme-list.page.tsx'));
const ThemeDetailsPage = lazy(() => import('./themes/theme-details.page.tsx'));
const BookListsPage = lazy(() => import('./booklists/booklists.page.tsx').then((m) => ({ default: m.BookListsPage })));
const BookListDetailsPage = lazy(() =>
  import('./booklists/booklists.page.tsx').then((m) => ({ default: m.BookListDetailsPage })),
);
const NewsPage = lazy(() => import('./pages/news.page.tsx'));
const NewsDetailPage = lazy(() => import('./pages/news-detail.page.tsx'));
const LinksPage = lazy(() => import('./pages/links.page.tsx'));
const AnnouncementPage = lazy(() => import('./pages/announcement.page.tsx'));
const LibraryPage = lazy(() => import('./pages/library.page.tsx'));
const ReadingPage = lazy(() => import('./pages/reading.page.tsx'));
const GuideScreen = lazy(() => import('./guide/guide.tsx'));
const DeviceSetup = lazy(() => import('./guide/device.tsx'));
const EntranceScreen = lazy(() => import('./guide/entrance.tsx'));

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="opac-loading" role="status">
      {t('common.loading')}
    </p>
  );
}

/**
 * Every page but the school chooser needs a school: `?school=CODE` in the address picks it (a link or QR code
 * printed in the library), else the one remembered on this device, else the reader is asked for the code.
 */
function NeedSchool({ children }: { children: ReactNode }) {
  const school = useSchool();
  const loc = useLocation();
  const navigate = useNavigate();
  const code = new URLSearchParams(loc.search).get('school');
  const [failed, setFailed] = useState(false);
  const { token } = useSession();
  const [ownSchool, setOwnSchool] = useState<'idle' | 'loading' | 'done'>('idle');
  // A signed-in reader (e.g. sent here by the back office) searches their own school.
  useEffect(() => {
    if (school || code || !token || ownSchool !== 'idle') return;
    setOwnSchool('loading');
    meApi
      .user()
      .then((u) => {
        const own = u.schools?.find((x) => x.id === u.SchoolID);
        if (own) chooseSchool(own);
      })
      .catch(() => {})
      .finally(() => setOwnSchool('done'));
  }, [school, code, token, ownSchool]);
  useEffect(() => {
    if (!code || (school && school.code === code)) return;
    opacApi
      .school(code)
      .then((s) => chooseSchool(s))
      .catch(() => setFailed(true));
  }, [code, school]);
  useEffect(() => {
    if (failed) navigate(`/transition?to=${encodeURIComponent(loc.pathname)}`, { replace: true });
  }, [failed, navigate, loc.pathname]);
  if (code && school?.code !== code && !failed) return <Loading />;
  if (!school && !code && token && ownSchool !== 'done') return <Loading />;
  if (!school) return <Navigate to={`/transition?to=${encodeURIComponent(loc.pathname + loc.search)}`} replace />;
  return <>{children}</>;
}

function Header() {
  const { t, i18n } = useTranslation();
  const school = useSchool();
  const { token } = useSession();
  const en = i18n.language === 'en';
  const [open, setOpen] = useState(false);
  const loc = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the phone menu on every navigation
  useEffect(() => setOpen(false), [loc.pathname]);
  return (
    <header className="opac-header">
      <a
        className="opac-skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('opac.nav.skip')}
      </a>
      <div className="opac-bar">
        <Link to="/search" className="opac-brand">
          <span aria-hidden="true">书苑</span>
          <span className="opac-brand-school">
            {school ? (en && school.enName) || school.name : t('opac.nav.catalogue')}
          </span>
        </Link>
        <button
          type="button"
          className="opac-menu-button"
          aria-expanded={open}
          aria-controls="opac-nav"
          onClick={() => setOpen(!open)}
        >
          {t('opac.nav.menu')}
        </button>
      </div>
      <nav id="opac-nav" className={open ? 'opac-nav open' : 'opac-nav'} aria-label={t('opac.nav.label')}>
        <NavLink to="/search" end>
          {t('opac.nav.search')}
        </NavLink>
        <NavLink to="/advancedsearch">{t('opac.nav.advanced')}</NavLink>
        <NavLink to="/search/classify">{t('opac.nav.classify')}</NavLink>
        <NavLink to="/search/recentnewbook">{t('opac.nav.newBooks')}</NavLink>
        <NavLink to="/search/recommend">{t('opac.nav.recommend')}</NavLink>
        <NavLink to="/search/newslist">{t('opac.nav.news')}</NavLink>
        <NavLink to="/search/NewBookAnnouncement">{t('opac.nav.announce')}</NavLink>
        <NavLink to="/search/libpic">{t('opac.nav.pictures')}</NavLink>
        <NavLink to="/search/reading">{t('opac.nav.reading')}</NavLink>
        <NavLink to="/search/themeList">{t('opac.nav.themes')}</NavLink>
        <NavLink to="/search/booklist">{t('opac.nav.booklists')}</NavLink>
        <NavLink to="/search/networkresource">{t('opac.nav.links')}</NavLink>
        <NavLink to="/libraryinfo">{t('opac.nav.library')}</NavLink>
        {token ? (
          <NavLink to="/search/personal">{t('opac.nav.personal')}</NavLink>
        ) : (
          <button type="button" className="opac-link-button" onClick={() => void signInReader('/search/personal')}>
            {t('opac.nav.signIn')}
          </button>
        )}
        <button
          type="button"
          className="opac-link-button"
          lang={en ? 'zh-CN' : 'en'}
          onClick={() => void setLang(en ? 'zh' : 'en')}
        >
          {en ? '中文' : 'English'}
        </button>
      </nav>
    </header>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="opac">
      <Header />
      <main id="main" tabIndex={-1} className="opac-main">
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
      <footer className="opac-footer">
        <Link to="/transition">{t('opac.nav.changeSchool')}</Link>
        <Link to="/orschool">{t('opac.orschool.title')}</Link>
        <span>{t('opac.nav.poweredBy')}</span>
      </footer>
    </div>
  );
}

const at = (el: ReactNode) => (
  <NeedSchool>
    <Shell>{el}</Shell>
  </NeedSchool>
);

/** A guide screen: full screen, no site header (its own chunk: nothing of it loads with the search page). */
const guide = (view: GuideView) => (
  <NeedSchool>
    <Suspense fallback={<Loading />}>
      <GuideScreen view={view} />
    </Suspense>
  </NeedSchool>
);

/**
 * /userinfo is two screens of the spec: the reader's profile (personal area) and, on a kiosk, a scanned card's
 * loans (guide screens). A browser set up as a kiosk (device credentials stored, /guidescreen/device) shows the
 * card screen; `/guidescreen/userinfo` always does.
 */
function UserInfoRoute() {
  // DESKTOP_KEY of app/auth/renew.ts, by value: importing it would pull renew.ts into the search page's first load.
  const kiosk = Boolean(localStorage.getItem('shuyuan.desktop'));
  return kiosk ? guide('card') : at(<UserInfoPage />);
}

/**
 * The public search site and the personal area: spec §2 routes as hash routes of /library/opac.html. Plain HTML
 * controls styled by opac.css (no antd here): a phone's first load stays small.
 */
export function OpacApp() {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  }, [i18n.language]);
  return (
    <HashRouter>
      <Routes>
        <Route path="/" element={<Navigate to="/search" replace />} />
        <Route
          path="/transition"
          element={
            <Shell>
              <TransitionPage />
            </Shell>
          }
        />
        <Route path="/orschool" element={at(<OrSchoolPage />)} />
        <Route path="/search" element={at(<SearchPage />)} />
        <Route path="/advancedsearch" element={at(<AdvancedPage />)} />
        <Route path="/search/book/details" element={at(<DetailsPage />)} />
        <Route path="/searchdetail" element={at(<DetailsPage />)} />
        <Route path="/search/classify" element={at(<ClassifyPage />)} />
        <Route path="/search/recentnewbook" element={at(<ListPage kind="new" />)} />
        <Route path="/search/recommend" element={at(<ListPage kind="recommend" />)} />
        <Route path="/search/personal" element={at(<PersonalPage />)} />
        <Route path="/search/book" element={at(<PersonalPage tab="loans" />)} />
        <Route path="/user/circulation" element={at(<PersonalPage tab="loans" />)} />
        <Route path="/user/integral" element={at(<PersonalPage tab="integral" />)} />
        <Route path="/userinfo" element={<UserInfoRoute />} />
        <Route path="/search/newslist" element={at(<NewsPage />)} />
        <Route path="/search/libpic" element={at(<NewsPage pictures />)} />
        <Route path="/search/newsdetail" element={at(<NewsDetailPage />)} />
        <Route path="/search/networkresource" element={at(<LinksPage />)} />
        <Route path="/search/NewBookAnnouncement" element={at(<AnnouncementPage />)} />
        <Route path="/search/themeList" element={at(<ThemeListPage />)} />
        <Route path="/search/themeList/details" element={at(<ThemeDetailsPage />)} />
        <Route path="/search/themeList/activity-details" element={at(<ThemeDetailsPage activity />)} />
        <Route path="/search/booklist" element={at(<BookListsPage />)} />
        <Route path="/search/booklist/details" element={at(<BookListDetailsPage />)} />
        <Route path="/libraryinfo" element={at(<LibraryPage />)} />
        <Route path="/search/reading" element={at(<ReadingPage />)} />
        <Route path="/guidescreen" element={guide('home')} />
        <Route path="/guidescreen/search" element={guide('search')} />
        <Route
          path="/guidescreen/device"
          element={
            <Suspense fallback={<Loading />}>
              <DeviceSetup />
            </Suspense>
          }
        />
        <Route
          path="/entrance"
          element={
            <Suspense fallback={<Loading />}>
              <EntranceScreen />
            </Suspense>
          }
        />
        <Route path="/newbook" element={guide('newbook')} />
        <Route path="/hotBook" element={guide('hotBook')} />
        <Route path="/schoolNews" element={guide('schoolNews')} />
        <Route path="/newsDetail" element={guide('newsDetail')} />
        <Route path="/brstatistic" element={guide('brstatistic')} />
        <Route path="/smart_bookcase" element={guide('bookcase')} />
        <Route path="/schoolactivity" element={guide('schoolactivity')} />
        <Route path="/activitytask" element={guide('activitytask')} />
        <Route path="/activitydetaildoing" element={guide('activitydetaildoing')} />
        <Route path="/activitydetailend" element={guide('activitydetailend')} />
        <Route path="/guidescreen/userinfo" element={guide('card')} />
        <Route path="*" element={<Navigate to="/search" replace />} />
      </Routes>
    </HashRouter>
  );
}
