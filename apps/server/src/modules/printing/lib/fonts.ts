import { existsSync } from 'node:fs';
import { fail } from '../../../platform/errors.ts';
import './printing.messages.ts';

/** A font file pdfkit can embed; `postscriptName` picks one face out of a TrueType collection (.ttc). */
export interface FontSource {
  path: string;
  postscriptName?: string;
}

/**
 * Where we look for a CJK font, in order. The first is the one the project installs (Debian
 * fonts-wqy-microhei, see architecture.md); the others are common Debian CJK fonts, so a machine with any of
 * them still prints. There is no usable npm package: the CJK fonts on npm (e.g. @fontsource/noto-sans-sc)
 * ship the font cut into ~100 unicode-range WOFF2 slices for browsers, not one file pdfkit can embed.
 */
export const CJK_FONT_CANDIDATES: FontSource[] = [
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', postscriptName: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', postscriptName: 'WenQuanYiZenHei' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', postscriptName: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
];

/**
 * The CJK font to print with. `SHUYUAN_CJK_FONT=/path/font.ttc#PostscriptName` (or a plain .ttf/.otf path)
 * overrides the list. Printing never falls back to pdfkit's built-in Helvetica: it has no Chinese glyphs and
 * would print blank titles and names without any error, so a missing font is a clear PRINT_FONT_MISSING.
 */
export function resolveCjkFont(env: NodeJS.ProcessEnv = process.env, candidates = CJK_FONT_CANDIDATES): FontSource {
  const configured = env.SHUYUAN_CJK_FONT?.trim();
  const list: FontSource[] = configured ? [parseFontSpec(configured)] : candidates;
  const found = list.find((f) => existsSync(f.path));
  if (found) return found;
  throw fail('PRINT_FONT_MISSING', 'printing.font.missing', { paths: list.map((f) => f.path).join(', ') });
}

function parseFontSpec(spec: string): FontSource {
  const hash = spec.lastIndexOf('#');
  return hash > 0 ? { path: spec.slice(0, hash), postscriptName: spec.slice(hash + 1) } : { path: spec };
}
