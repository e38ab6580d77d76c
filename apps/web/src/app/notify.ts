import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Messages from code outside React (the HTTP client). The staff layout registers antd's context-aware instance
 * (App.useApp) so messages follow the theme; outside it (sign-in, public pages) the static API is used.
 */
let api: MessageInstance | null = null;

export function setMessageApi(m: MessageInstance | null): void {
  api = m;
}

/** Spec §9: error message duration 2 s. */
export const ERROR_SECONDS = 2;

export const notify = {
  error(text: string): void {
    // Same text shown once at a time: a burst of failing requests should not stack identical toasts.
    (api ?? message).error({ content: text, key: `err:${text}`, duration: ERROR_SECONDS });
  },
  success(text: string): void {
    (api ?? message).success({ content: text, duration: ERROR_SECONDS });
  },
  info(text: string): void {
    (api ?? message).info({ content: text, duration: 3 });
  },
};

let loadingCount = 0;
const LOADING_KEY = 'global-loading';

/** Global loading indicator for calls made with { loading: true }. */
export function setGlobalLoading(on: boolean, text = '…'): void {
  loadingCount += on ? 1 : -1;
  const m = api ?? message;
  if (loadingCount > 0) m.loading({ content: text, key: LOADING_KEY, duration: 0 });
  else m.destroy(LOADING_KEY);
}
