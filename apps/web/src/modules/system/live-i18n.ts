import type { TranslationOverrides } from '@shuyuan/contracts/translation/translation';
import { TRANSLATION_PATHS } from '@shuyuan/contracts/translation/translation';
import { api } from '../../app/http.ts';
import { applyOverrides } from '../../i18n/index.ts';

type Flat = Record<string, string>;

/**
 * The built-in web texts per language, flattened to dotted keys (as the i18n files ship them). Eager: the same
 * modules the i18n setup already loaded, so the build keeps them in the entry chunk instead of splitting every
 * file into a chunk of its own (a dynamic import of them resolved to those same loaded modules anyway).
 */
const files = import.meta.glob<Record<string, unknown>>('../../i18n/*/*.json', { import: 'default', eager: true });

function flatten(prefix: string, node: unknown, out: Flat): void {
  if (typeof node === 'string') out[prefix] = node;
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) flatten(prefix ? `${prefix}.${k}` : k, v, out);
}

let builtIn: Promise<{ zh: Flat; en: Flat }> | null = null;

export function builtInTexts(): Promise<{ zh: Flat; en: Flat }> {
  builtIn ??= (async () => {
    const out = { zh: {} as Flat, en: {} as Flat };
    for (const [path, json] of Object.entries(files)) {
      const m = /\/(zh|en)\/(.+)\.json$/.exec(path);
      if (m) flatten(m[2], json, out[m[1] as 'zh' | 'en']);
    }
    return out;
  })();
  return builtIn;
}

let applied: TranslationOverrides | null = null;

/**
 * Re-reads the overrides after a change on /sys/transition and applies them to this browser at once: new
 * and changed texts replace the current ones; a deleted override gets its built-in text back.
 */
export async function refreshOverrides(): Promise<void> {
  const [next, base] = await Promise.all([
    api.post<TranslationOverrides>(TRANSLATION_PATHS.overrides, {}),
    builtInTexts(),
  ]);
  const patch: TranslationOverrides = { zh: {}, en: {} };
  for (const lang of ['zh', 'en'] as const) {
    for (const key of Object.keys(applied?.[lang] ?? {}))
      if (!(key in next[lang]) && key in base[lang]) patch[lang][key] = base[lang][key];
    Object.assign(patch[lang], next[lang]);
  }
  applied = next;
  applyOverrides(patch);
}

/** Remembers what the shell applied at start, so a later deletion can be undone live. */
export async function rememberApplied(): Promise<void> {
  if (!applied) applied = await api.post<TranslationOverrides>(TRANSLATION_PATHS.overrides, {}, { showError: false });
}
