import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const domainsOf = (lang: string) =>
  fs
    .readdirSync(path.join(dir, lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

let i18n: typeof import('./index.ts').default;
let PUBLIC_DOMAINS: string[];
let applyOverrides: typeof import('./index.ts').applyOverrides;
let setLang: typeof import('./index.ts').setLang;

beforeAll(async () => {
  (globalThis as any).localStorage = { getItem: () => 'en', setItem: () => {}, removeItem: () => {} };
  (globalThis as any).document = { documentElement: {} };
  ({ default: i18n, PUBLIC_DOMAINS, applyOverrides, setLang } = await import('./index.ts'));
});

describe('i18n texts split between the entry and the staff layout', () => {
  it('the entry carries exactly the public domains, in both languages', () => {
    for (const lang of ['zh', 'en']) {
      const loaded = Object.keys(i18n.getResourceBundle(lang, 'translation')).sort();
      expect(loaded).toEqual([...PUBLIC_DOMAINS].sort());
    }
    expect(i18n.t('auth.login.title')).toBe('Sign in');
    expect(i18n.exists('org.department.name')).toBe(false);
  });

  it('the back office adds every other domain in the language shown, and the other one on a switch', async () => {
    applyOverrides({ en: { 'org.department.name': 'Unit name' } });
    const { loadBackOfficeTexts } = await import('./back-office.ts');
    await loadBackOfficeTexts();
    const domains = (lang: string) => Object.keys(i18n.getResourceBundle(lang, 'translation')).sort();
    expect(domains('en')).toEqual(domainsOf('en'));
    expect(domains('zh')).toEqual([...PUBLIC_DOMAINS].sort());
    expect(i18n.t('org.department.name')).toBe('Unit name');
    expect(i18n.t('org.department.code')).toBe('Code');
    expect(i18n.t('auth.login.title')).toBe('Sign in');

    await setLang('zh');
    expect(domains('zh')).toEqual(domainsOf('zh'));
    expect(i18n.language).toBe('zh');
    expect(i18n.t('auth.login.title')).not.toBe('Sign in');
    expect(i18n.exists('org.department.code')).toBe(true);
  });
});
