import { createContext, useContext } from 'react';

/** Whether the page's view is the one shown (see useViewActive). */
export const ViewActive = createContext(true);
/** Whether the page's view was mounted again for a tab whose page had been unmounted (see useViewRestored). */
export const ViewRestored = createContext(false);

/**
 * False while the page's view is kept alive but hidden behind another tab: pages that poll, listen to the
 * keyboard or a scanner, or hold focus should pause then.
 */
export function useViewActive(): boolean {
  return useContext(ViewActive);
}

/**
 * True in a view mounted again for a tab whose page was unmounted past MAX_KEPT_VIEWS (not for a first visit, nor
 * a refresh): its lists may show what they last showed while they load afresh.
 */
export function useViewRestored(): boolean {
  return useContext(ViewRestored);
}
