import type { Lang } from '@shuyuan/contracts/common/lang';

/**
 * A command line's language (`npm run restore`, `npm run move-to-postgres`): `--lang=zh|en` (or `--lang zh`), else
 * LC_ALL, LC_MESSAGES, LANG: Chinese for a zh_* locale, English otherwise.
 */
export function cliLang(args: readonly string[], env: NodeJS.ProcessEnv): Lang {
  const i = args.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  const flag = i < 0 ? '' : args[i].includes('=') ? args[i].slice('--lang='.length) : (args[i + 1] ?? '');
  const locale = flag || env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^zh/i.test(locale) ? 'zh' : 'en';
}
