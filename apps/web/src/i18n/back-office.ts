import type { Lang } from '@shuyuan/contracts/common/lang';
import { addDomains, setTextLoader, wantedLang } from './index.ts';

type Files = Record<string, Record<string, unknown>>;

/**
 * The texts of every domain the entry chunk does not carry (index.ts PUBLIC_DOMAINS), one chunk per language: the
 * staff layout waits for the shown language's (MainGate), and a language switch loads the other one before it
 * applies (setLang). Every key exists in both languages, so English never has to stand in for a missing Chinese
 * text and is not downloaded for a Chinese user.
 */
const chunks: Record<Lang, () => Promise<{ texts: Files }>> = {
  zh: () => import('./back-office-zh.ts'),
  en: () => import('./back-office-en.ts'),
};

const loading = new Map<Lang, Promise<void>>();

function load(lang: Lang): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = chunks[lang]().then((m) => addDomains(m.texts));
    // A failed download (e.g. offline) is tried again on the next call.
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}

/** Loads the back office's texts in the language asked for; later language switches load theirs first. */
export function loadBackOfficeTexts(): Promise<void> {
  setTextLoader(load);
  return load(wantedLang());
}
