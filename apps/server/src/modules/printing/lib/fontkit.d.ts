/** The part of fontkit (pdfkit's font engine, no bundled types) that plotter text outlines use. */
declare module 'fontkit' {
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  export interface Glyph {
    id: number;
    path: { commands: PathCommand[] };
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }>;
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    layout(text: string): GlyphRun;
  }
  export function openSync(path: string, postscriptName?: string): Font | { fonts: Font[] };
}
