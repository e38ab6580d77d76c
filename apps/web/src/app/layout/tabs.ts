import { useSyncExternalStore } from 'react';
import { HOME_PATH } from '../constants.ts';
import { pageFor } from './menu.ts';

/** A visited view (spec §2): one tab per opened page, restored from the session on reload. */
export interface Tab {
  key: string;
  pathname: string;
  search: string;
  /** Bumped by refresh: the page's element is re-mounted. */
  gen: number;
  affix?: boolean;
}

const KEY = 'shuyuan.tabs';

/** A tab per path; embedded pages (/iframe) are one tab per embedded URL. */
export function tabKey(pathname: string, search: string): string {
  return pathname === '/iframe' ? `${pathname}${search}` : pathname;
}

function affixTabs(): Tab[] {
  return pageFor(HOME_PATH) ? [{ key: HOME_PATH, pathname: HOME_PATH, search: '', gen: 0, affix: true }] : [];
}

function load(): Tab[] {
  let saved: Tab[] = [];
  try {
    saved = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
  } catch {}
  const affix = affixTabs();
  return [...affix, ...saved.filter((t) => !affix.some((a) => a.key === t.key) && pageFor(t.pathname))];
}

let tabs: Tab[] = load();
const listeners = new Set<() => void>();

function set(next: Tab[]): void {
  tabs = next;
  sessionStorage.setItem(KEY, JSON.stringify(tabs.filter((t) => !t.affix)));
  for (const l of listeners) l();
}

export const tabsStore = {
  get: () => tabs,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Opens (or updates the query of) the tab of a location. */
  visit(pathname: string, search: string): void {
    const key = tabKey(pathname, search);
    const i = tabs.findIndex((t) => t.key === key);
    if (i < 0) set([...tabs, { key, pathname, search, gen: 0 }]);
    else if (tabs[i].search !== search) set(tabs.map((t, j) => (j === i ? { ...t, search } : t)));
  },
  /** Closes one tab; returns the tab to show when it was the active one (its right neighbour, else the left). */
  close(key: string): Tab | undefined {
    const i = tabs.findIndex((t) => t.key === key);
    if (i < 0 || tabs[i].affix) return undefined;
    const next = tabs.filter((t) => t.key !== key);
    set(next);
    return next[Math.min(i, next.length - 1)];
  },
  closeOthers(key: string): void {
    set(tabs.filter((t) => t.affix || t.key === key));
  },
  closeAll(): Tab | undefined {
    set(tabs.filter((t) => t.affix));
    return tabs[0];
  },
  refresh(key: string): void {
    set(tabs.map((t) => (t.key === key ? { ...t, gen: t.gen + 1 } : t)));
  },
  /** After a school switch or sign-out the views of the old context go. */
  reset(): void {
    set(affixTabs());
  },
};

export function useTabs(): Tab[] {
  return useSyncExternalStore(tabsStore.subscribe, tabsStore.get);
}

export const fullPath = (t: Pick<Tab, 'pathname' | 'search'>) => `${t.pathname}${t.search}`;
