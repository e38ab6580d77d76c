import { ConfigProvider } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type Location,
  NavigationType,
  Route,
  Routes,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_RouteContext as RouteContext,
  useLocation,
} from 'react-router';
import { mainPages, type PageDef } from '../pages.ts';
import { PageFrame } from '../router/PageFrame.tsx';
import { pageFor } from './menu.ts';
import { type Tab, tabKey, tabsStore, useTabs } from './tabs.ts';
import { ViewActive, ViewRestored } from './view-context.ts';

export { useViewActive } from './view-context.ts';

/** Spec §2: never cached — personal search, library info and every data-analysis view. */
export function isKeptAlive(pathname: string, page: PageDef | undefined): boolean {
  if (!page || page.keepAlive === false) return false;
  if (pathname.startsWith('/data-analysis')) return false;
  return pathname !== '/search/personal' && pathname !== '/libraryinfo';
}

const routes = mainPages.map((p) => <Route key={p.path} path={p.path} element={<PageFrame page={p} />} />);
/** Each page's own route: a view matches its path against its page only, not against every page in turn. */
const routeOf = new Map(mainPages.map((p, i) => [p, routes[i]]));

/** The router's route context at its root: a view's routes match from '/' as under the layout's '*' route. */
const ROOT_ROUTE = { outlet: null, matches: [], isDataRoute: false };

/** One view: its own location context, so a hidden page keeps reading its own path and query. */
const View = memo(function View({
  tab,
  active,
  live,
  restored,
}: {
  tab: Tab;
  active: boolean;
  live?: Location;
  restored: boolean;
}) {
  // Whether it came back after being unmounted is decided at mount and holds for the view's life.
  const [wasRestored] = useState(restored);
  const own = useMemo(
    () => ({ pathname: tab.pathname, search: tab.search, hash: '', state: null, key: tab.key }),
    [tab.pathname, tab.search, tab.key],
  );
  const layer = useViewLayer(tab.key, active);
  // Drawers and modals open in the view's own layer, which hides with the view: a drawer left open on a tab no
  // longer covers the tab shown next. antd asks for a modal's container with no argument and for a drawer's with
  // document.body; dropdowns, tooltips and pickers ask with their trigger node (null before it mounts) and stay in
  // document.body as before — answering them differently while the node is missing re-mounts their popup.
  const container = useCallback(
    (...args: [HTMLElement?]) => (args.length === 0 || args[0] === document.body ? layer : document.body),
    [layer],
  );
  // The view's routes read the router's location and route contexts, which change on every navigation: given
  // straight to them, every kept view (and each of its components that navigates or reads the location)
  // re-rendered whenever any tab was shown. A view gets its own contexts, changing only with its own location.
  const location = active && live ? live : own;
  const locationContext = useMemo(() => ({ location, navigationType: NavigationType.Pop }), [location]);
  return (
    <div className="sy-view" style={{ display: active ? 'block' : 'none' }} data-view={tab.key}>
      <ConfigProvider getPopupContainer={container}>
        <ViewActive.Provider value={active}>
          <ViewRestored.Provider value={wasRestored}>
            <LocationContext.Provider value={locationContext}>
              <RouteContext.Provider value={ROOT_ROUTE}>
                <Routes location={location}>{routeOf.get(pageFor(location.pathname)!) ?? routes}</Routes>
              </RouteContext.Provider>
            </LocationContext.Provider>
          </ViewRestored.Provider>
        </ViewActive.Provider>
      </ConfigProvider>
    </div>
  );
});

/** The view's layer for its drawers and modals: a child of document.body, shown only while the view is. */
function useViewLayer(key: string, active: boolean): HTMLElement {
  const [layer] = useState(() => {
    const el = document.createElement('div');
    el.className = 'sy-view-layer';
    return el;
  });
  useEffect(() => {
    document.body.appendChild(layer);
    return () => layer.remove();
  }, [layer]);
  useEffect(() => {
    layer.dataset.view = key;
    layer.style.display = active ? '' : 'none';
  }, [layer, key, active]);
  return layer;
}

/**
 * How many views stay mounted at most (the shown one included). Each kept view holds its page's DOM, data and
 * listeners: with 40 tabs open, navigation went from 0.2 to 1.1 s and the heap from 25 to 187 MB. Past the bound
 * the least recently shown view is unmounted; its tab stays, and coming back to it mounts the page again at the
 * tab's own path and query (what it was showing), as a refresh does.
 */
export const MAX_KEPT_VIEWS = 8;

/**
 * Keep-alive (spec §2): a visited tab's element stays mounted and hidden while another is shown, so its form
 * input and list position survive — for the MAX_KEPT_VIEWS most recently shown tabs; closing a tab or
 * refreshing it drops its element.
 */
export function ViewHost() {
  const loc = useLocation();
  const tabs = useTabs();
  const page = pageFor(loc.pathname);
  const activeKey = tabKey(loc.pathname, loc.search);
  /** Mounted views, least recently shown first. */
  const mounted = useRef(new Set<string>());
  /** Views unmounted past the bound whose tabs are still open. */
  const evicted = useRef(new Set<string>());

  useEffect(() => {
    if (page && !page.noTab) tabsStore.visit(loc.pathname, loc.search);
  }, [page, loc.pathname, loc.search]);

  // A helper route (/redirect) shows alone while the kept-alive views stay mounted and hidden.
  const helper = page?.noTab ? { key: activeKey, pathname: loc.pathname, search: loc.search, gen: 0 } : null;
  const current = helper
    ? null
    : (tabs.find((t) => t.key === activeKey) ?? { key: activeKey, pathname: loc.pathname, search: loc.search, gen: 0 });
  if (current) {
    const id = `${current.key}#${current.gen}`;
    mounted.current.delete(id);
    mounted.current.add(id);
    const live = new Set(tabs.map((t) => `${t.key}#${t.gen}`));
    for (const m of mounted.current) if (!live.has(m) && m !== id) mounted.current.delete(m);
    for (const m of evicted.current) if (!live.has(m)) evicted.current.delete(m);
    for (const m of mounted.current) {
      if (mounted.current.size <= MAX_KEPT_VIEWS) break;
      mounted.current.delete(m);
      evicted.current.add(m);
    }
  }
  const shown = tabs.filter(
    (t) =>
      t.key !== current?.key &&
      mounted.current.has(`${t.key}#${t.gen}`) &&
      isKeptAlive(t.pathname, pageFor(t.pathname)),
  );
  // Render in tab order so React keeps each view's DOM node stable while switching.
  const order = (t: Tab) => {
    const i = tabs.findIndex((x) => x.key === t.key);
    return i < 0 ? tabs.length : i;
  };
  const views = (current ? [...shown, current] : shown).sort((a, b) => order(a) - order(b));
  if (helper) views.push(helper);
  return (
    <>
      {views.map((t) => (
        <View
          key={`${t.key}#${t.gen}`}
          tab={t}
          active={t.key === activeKey}
          live={t.key === activeKey ? loc : undefined}
          restored={evicted.current.has(`${t.key}#${t.gen}`)}
        />
      ))}
    </>
  );
}
