import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, type Lang, pickLang } from '@shuyuan/contracts/common/lang';

/**
 * i18n: one JSON file per domain and language (i18n/zh/<domain>.json); a key is `<domain>.<screen>.<element>`.
 * Language = stored preference, else the browser language, else zh. Server-side overrides from translation
 * management are merged in at runtime with `applyOverrides`.
 *
 * Only the domains of the first screens ship with the entry chunk, in both languages: the shell, sign-in, shared
 * words and validation (PUBLIC_DOMAINS; the pattern below must list the same). The staff layout adds every other
 * domain with `./back-office.ts`, in the language shown only, so the sign-in page and the public site do not
 * download the back office's texts and the back office downloads one language of them.
 */
export const PUBLIC_DOMAINS = ['app', 'auth', 'common', 'shell', 'validation'];
const files = import.meta.glob<Record<string, unknown>>('./*/{app,auth,common,shell,validation}.json', {
  eager: true,
  import: 'default',
});

type Files = Record<string, Record<string, unknown>>;

function byLang(found: Files): Record<Lang, { translation: Record<string, unknown> }> {
  const out: Record<Lang, { translation: Record<string, unknown> }> = {
    zh: { translation: {} },
    en: { translation: {} },
  };
  for (const [path, json] of Object.entries(found)) {
    const m = /\.\/(zh|en)\/(.+)\.json$/.exec(path);
    if (m) out[m[1] as Lang].translation[m[2]] = json;
  }
  return out;
}

const resources = byLang(files);

/** Adds more domains' texts (see back-office.ts); overrides already applied to their keys are kept. */
export function addDomains(found: Files): void {
  for (const [lang, { translation }] of Object.entries(byLang(found)))
    i18n.addResourceBundle(lang, 'translation', translation, true, false);
}

export const LANG_STORAGE_KEY = 'shuyuan.lang';

export function initialLang(): Lang {
  const stored = localStorage.getItem(LANG_STORAGE_KEY);
  if (stored === 'zh' || stored === 'en') return stored;
  return pickLang(navigator.languages?.join(',') || navigator.language || DEFAULT_LANG);
}

i18n.use(initReactI18next).init({
  resources,
  lng: initialLang(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language last asked for (shown once its texts are there). */
let wanted: Lang = initialLang();
/** Loads a language's texts beyond the entry's; set by back-office.ts once the staff layout loads. */
let loadTexts: ((lang: Lang) => Promise<void>) | null = null;

export function wantedLang(): Lang {
  return wanted;
}

export function setTextLoader(load: (lang: Lang) => Promise<void>): void {
  loadTexts = load;
}

/**
 * Switches the language (stored as the preference). With the back office's texts in use, the new language's are
 * loaded first, so no screen shows keys meanwhile; a later switch wins over one still loading.
 */
export async function setLang(lang: Lang): Promise<void> {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  wanted = lang;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  if (loadTexts) await loadTexts(lang);
  if (wanted === lang) await i18n.changeLanguage(lang);
}

/** Applies translation-management overrides: { zh: {key: text}, en: {key: text} } with dotted keys. */
export function applyOverrides(over: Partial<Record<Lang, Record<string, string>>>): void {
  for (const lang of ['zh', 'en'] as const) {
    const table = over[lang];
    if (!table) continue;
    for (const [key, text] of Object.entries(table)) {
      const parts = key.split('.');
      const last = parts.pop()!;
      const bundle = i18n.getResourceBundle(lang, 'translation') ?? {};
      let node: any = bundle;
      for (const p of parts) node = node[p] ??= {};
      node[last] = text;
      i18n.addResourceBundle(lang, 'translation', bundle, true, true);
    }
  }
  void i18n.changeLanguage(i18n.language);
}

export default i18n;
