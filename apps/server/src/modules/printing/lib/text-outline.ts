import * as fontkit from 'fontkit';
import type { FontSource } from './fonts.ts';

/** A pen stroke: points in mm from the page's top-left corner, drawn pen-down from the first to the last. */
export type Stroke = Array<[number, number]>;

/** Line segments per curve: at label sizes (3–10 mm characters) 4 is smooth and keeps files small. */
const CURVE_STEPS = 4;
const fonts = new Map<string, fontkit.Font>();
/** Flattened glyph outlines in font units, per font and glyph: a job repeats the same few hundred glyphs. */
const glyphCache = new Map<string, Stroke[]>();

function openFont(src: FontSource): fontkit.Font {
  const key = `${src.path}#${src.postscriptName ?? ''}`;
  let font = fonts.get(key);
  if (!font) {
    const opened = fontkit.openSync(src.path, src.postscriptName);
    font = 'fonts' in opened ? opened.fonts[0] : opened;
    fonts.set(key, font);
  }
  return font;
}

function flatten(glyph: fontkit.Glyph): Stroke[] {
  const strokes: Stroke[] = [];
  let cur: Stroke = [];
  let [x, y] = [0, 0];
  const curve = (pts: number[]) => {
    const ctrl = [x, y, ...pts];
    for (let s = 1; s <= CURVE_STEPS; s++) cur.push(bezier(ctrl, s / CURVE_STEPS));
  };
  for (const { command, args } of glyph.path.commands) {
    if (command === 'moveTo') {
      if (cur.length > 1) strokes.push(cur);
      cur = [[args[0], args[1]]];
    } else if (command === 'lineTo') cur.push([args[0], args[1]]);
    else if (command === 'quadraticCurveTo' || command === 'bezierCurveTo') curve(args);
    else if (command === 'closePath' && cur.length) cur.push(cur[0]);
    const last = cur[cur.length - 1];
    if (last) [x, y] = last;
  }
  if (cur.length > 1) strokes.push(cur);
  return strokes;
}

/** A point on a quadratic or cubic Bézier given as flat [x0,y0, …, xn,yn] (de Casteljau). */
function bezier(ctrl: number[], t: number): [number, number] {
  let pts = ctrl;
  while (pts.length > 2) {
    const next: number[] = [];
    for (let i = 0; i + 3 < pts.length; i += 2)
      next.push(pts[i] + (pts[i + 2] - pts[i]) * t, pts[i + 1] + (pts[i + 3] - pts[i + 1]) * t);
    pts = next;
  }
  return [pts[0], pts[1]];
}

/**
 * Text as glyph outlines for a pen plotter, whose built-in font has no Chinese: one line centred on (cx, cy),
 * `height` mm per em, shrunk to fit `maxWidth`. The outlines are the same CJK font the PDF uses.
 */
export function textStrokes(
  src: FontSource,
  text: string,
  cx: number,
  cy: number,
  height: number,
  maxWidth: number,
): Stroke[] {
  const font = openFont(src);
  const run = font.layout(text);
  const advance = run.positions.reduce((sum, p) => sum + p.xAdvance, 0);
  const scale = Math.min(height / font.unitsPerEm, advance > 0 ? maxWidth / advance : Number.POSITIVE_INFINITY);
  let penX = cx - (advance * scale) / 2;
  const baseline = cy + ((font.ascent + font.descent) / 2) * scale;
  const out: Stroke[] = [];
  run.glyphs.forEach((glyph, i) => {
    const key = `${src.path}#${src.postscriptName ?? ''}#${glyph.id}`;
    let strokes = glyphCache.get(key);
    if (!strokes) {
      strokes = flatten(glyph);
      glyphCache.set(key, strokes);
    }
    const pos = run.positions[i];
    const ox = penX + pos.xOffset * scale;
    for (const s of strokes) out.push(s.map(([gx, gy]) => [ox + gx * scale, baseline - (gy + pos.yOffset) * scale]));
    penX += pos.xAdvance * scale;
  });
  return out;
}
