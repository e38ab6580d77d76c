import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Messages from code outside React (the HTTP client). The staff layout registers antd's context-aware instance
 * (App.useApp) so messages follow the theme; outside it (sign-in, public pages) the static API is used, loaded at
 * the first message: the sign-in page does not download antd's message and notification code to show nothing.
 */
let api: MessageInstance | null = null;

export function setMessageApi(m: MessageInstance | null): void {
  api = m;
}

let staticApi: Promise<MessageInstance> | null = null;

/** Runs `show` with the layout's instance, else with the static API (calls keep their order while it loads). */
function withApi(show: (m: MessageInstance) => void): void {
  if (api) {
    show(api);
    return;
  }
  staticApi ??= import('antd/es/message').then((m) => m.default);
  void staticApi.then((m) => show(api ?? m));
}

/** Spec §9: error message duration 2 s. */
export const ERROR_SECONDS = 2;

export const notify = {
  error(text: string): void {
    // Same text shown once at a time: a burst of failing requests should not stack identical toasts.
    withApi((m) => m.error({ content: text, key: `err:${text}`, duration: ERROR_SECONDS }));
  },
  success(text: string): void {
    withApi((m) => m.success({ content: text, duration: ERROR_SECONDS }));
  },
  info(text: string): void {
    withApi((m) => m.info({ content: text, duration: 3 }));
  },
};

let loadingCount = 0;
const LOADING_KEY = 'global-loading';

/** Global loading indicator for calls made with { loading: true }. */
export function setGlobalLoading(on: boolean, text = '…'): void {
  loadingCount += on ? 1 : -1;
  const shown = loadingCount > 0;
  withApi((m) => {
    if (shown) m.loading({ content: text, key: LOADING_KEY, duration: 0 });
    else m.destroy(LOADING_KEY);
  });
}
