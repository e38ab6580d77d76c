import type { Lang } from '@shuyuan/contracts/common/lang';
import { P } from '@shuyuan/contracts/common/paths';
import i18n, { applyOverrides } from '../i18n/index.ts';
import { api } from './http.ts';
import { notify } from './notify.ts';

/** Translation management overrides (public; absent or failing = the built-in texts stay). */
export async function loadTranslationOverrides(): Promise<void> {
  try {
    const over = await api.post<Partial<Record<Lang, Record<string, string>>>>(
      `${P}/Search/Translation`,
      {},
      { showError: false },
    );
    if (over && typeof over === 'object') applyOverrides(over);
  } catch {}
}

/**
 * Spec §8: a stylesheet that fails to load gives a CSS load error; a script chunk that fails gives a load error
 * (the 120 s timeout of a chunk that never arrives is handled by the page frame).
 */
export function watchAssetFailures(): void {
  window.addEventListener('vite:preloadError', (e) => {
    const text = String((e as Event & { payload?: Error }).payload?.message ?? '');
    notify.error(i18n.t(/css/i.test(text) ? 'app.load.cssError' : 'app.load.chunkError'));
  });
  document.addEventListener(
    'error',
    (e) => {
      const el = e.target as HTMLElement | null;
      if (el instanceof HTMLLinkElement && el.rel === 'stylesheet') notify.error(i18n.t('app.load.cssError'));
    },
    true,
  );
}
