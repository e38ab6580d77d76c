import { randomBytes, randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * The sign-in picture code, drawn here as a PNG: each character is a stroke drawing (no font file a script could
 * match outlines against), scaled, sheared and rotated on its own, the whole line bent by two sine waves, drawn
 * with varying stroke widths and colours, crossed by curves of the same weight and sprinkled with dots.
 */
export const CAPTCHA_CHARS = '2345679ACDEFHJKMNPRTUVWXY';
export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

type Pt = [number, number];
type Stroke = Pt[];

/** Points of an elliptic arc (degrees, counter-clockwise on screen when a1 > a0) in the 10×14 glyph box. */
function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number): Stroke {
  const n = Math.max(6, Math.ceil(Math.abs(a1 - a0) / 15));
  return Array.from({ length: n + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / n) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy - ry * Math.sin(a)] as Pt;
  });
}

/** Stroke drawings of the characters in a 10 wide, 14 high box (y down). */
const GLYPHS: Record<string, Stroke[]> = {
  '2': [[...arc(5, 4, 4.5, 4, 160, -30), [0.5, 14], [10, 14]]],
  '3': [arc(5, 3.5, 4.5, 3.5, 150, -90), arc(5, 10.5, 5, 3.5, 90, -150)],
  '4': [
    [
      [7, 14],
      [7, 0],
      [0, 10],
      [10, 10],
    ],
  ],
  '5': [
    [
      [9, 0],
      [1.5, 0],
      [0.8, 6.2],
    ],
    arc(5, 9.5, 4.8, 4.5, 135, -155),
  ],
  '6': [arc(6, 9, 5, 8.5, 70, 180), arc(5, 10, 4.5, 4, 0, 360)],
  '7': [
    [
      [0, 0],
      [10, 0],
      [3, 14],
    ],
  ],
  '9': [arc(5, 4, 4.5, 4, 0, 360), arc(4.5, 5, 5, 9, 0, -115)],
  A: [
    [
      [0, 14],
      [5, 0],
      [10, 14],
    ],
    [
      [2, 9],
      [8, 9],
    ],
  ],
  C: [arc(5.5, 7, 5, 7, 40, 320)],
  D: [[[1, 7], [1, 0], [5, 0], ...arc(5, 7, 4.5, 7, 90, -90), [1, 14], [1, 7]]],
  E: [
    [
      [10, 0],
      [1, 0],
      [1, 14],
      [10, 14],
    ],
    [
      [1, 7],
      [7, 7],
    ],
  ],
  F: [
    [
      [10, 0],
      [1, 0],
      [1, 14],
    ],
    [
      [1, 7],
      [7, 7],
    ],
  ],
  H: [
    [
      [1, 0],
      [1, 14],
    ],
    [
      [9, 0],
      [9, 14],
    ],
    [
      [1, 7],
      [9, 7],
    ],
  ],
  J: [
    [
      [3, 0],
      [9, 0],
    ],
    [[7, 0], [7, 10], ...arc(4, 10, 3, 4, 0, -180)],
  ],
  K: [
    [
      [1, 0],
      [1, 14],
    ],
    [
      [9, 0],
      [1, 8],
    ],
    [
      [4, 5],
      [9.5, 14],
    ],
  ],
  M: [
    [
      [0, 14],
      [1, 0],
      [5, 9],
      [9, 0],
      [10, 14],
    ],
  ],
  N: [
    [
      [1, 14],
      [1, 0],
      [9, 14],
      [9, 0],
    ],
  ],
  P: [[[1, 14], [1, 0], [6, 0], ...arc(6, 3.5, 3.5, 3.5, 90, -90), [1, 7]]],
  R: [
    [[1, 14], [1, 0], [6, 0], ...arc(6, 3.5, 3.5, 3.5, 90, -90), [1, 7]],
    [
      [5, 7],
      [10, 14],
    ],
  ],
  T: [
    [
      [0, 0],
      [10, 0],
    ],
    [
      [5, 0],
      [5, 14],
    ],
  ],
  U: [[[1, 0], [1, 9], ...arc(5, 9, 4, 5, 180, 360), [9, 0]]],
  V: [
    [
      [0, 0],
      [5, 14],
      [10, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2.5, 14],
      [5, 5],
      [7.5, 14],
      [10, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [10, 14],
    ],
    [
      [10, 0],
      [0, 14],
    ],
  ],
  Y: [
    [
      [0, 0],
      [5, 7],
      [10, 0],
    ],
    [
      [5, 7],
      [5, 14],
    ],
  ],
};

/**
 * Shapes and noise come from a fast generator (xorshift128) seeded afresh from the system's random source for each
 * picture; the code itself is drawn with crypto.randomInt.
 */
let s0 = 0;
let s1 = 0;
let s2 = 0;
let s3 = 0;
function reseed(): void {
  const b = randomBytes(16);
  [s0, s1, s2, s3] = [b.readUInt32LE(0) | 1, b.readUInt32LE(4), b.readUInt32LE(8), b.readUInt32LE(12)];
}
function next(): number {
  const t = s0 ^ (s0 << 11);
  s0 = s1;
  s1 = s2;
  s2 = s3;
  s3 = (s3 ^ (s3 >>> 19) ^ t ^ (t >>> 8)) >>> 0;
  return s3 / 4294967296;
}
const rand = (min: number, max: number) => min + next() * (max - min);
/** An integer in [min, max). */
const int = (min: number, max: number) => Math.floor(rand(min, max));

/** A random code of `length` characters from CAPTCHA_CHARS. */
export function captchaText(length = 4): string {
  return Array.from({ length }, () => CAPTCHA_CHARS[randomInt(0, CAPTCHA_CHARS.length)]).join('');
}

interface Layer {
  segments: [Pt, Pt][];
  width: number;
  color: [number, number, number];
}

/** Splits a polyline into pieces of at most `step` pixels, so the later warp bends it smoothly. */
function subdivide(line: Pt[], step = 1.5): Pt[] {
  const out: Pt[] = [line[0]];
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1];
    const [x1, y1] = line[i];
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 1; k <= n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  return out;
}

const darkColor = (): [number, number, number] => [int(0, 120), int(0, 120), int(40, 150)];

/** Draws `text` (characters of CAPTCHA_CHARS) as PNG bytes. */
export function drawCaptcha(text: string): Buffer {
  reseed();
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const layers: Layer[] = [];
  // One warp for the whole picture: characters and interfering curves bend alike.
  const wave = {
    ax: rand(1.5, 3),
    px: rand(6, 11),
    fx: rand(0, 6.3),
    ay: rand(2, 4),
    py: rand(9, 16),
    fy: rand(0, 6.3),
  };
  const warp = ([x, y]: Pt): Pt => [
    x + wave.ax * Math.sin(y / wave.px + wave.fx),
    y + wave.ay * Math.sin(x / wave.py + wave.fy),
  ];
  const toSegments = (line: Pt[]) => {
    const pts = subdivide(line).map(warp);
    return pts.slice(1).map((p, i) => [pts[i], p] as [Pt, Pt]);
  };

  const cell = (W - 20) / text.length;
  [...text].forEach((ch, i) => {
    const scale = rand(2.0, 2.4);
    const angle = rand(-0.45, 0.45);
    const shear = rand(-0.3, 0.3);
    const cx = 10 + cell * (i + 0.5) + rand(-3, 3);
    const cy = H / 2 + rand(-3, 3);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const place = ([gx, gy]: Pt): Pt => {
      const x = (gx - 5 + shear * (gy - 7)) * scale * rand(0.97, 1.03);
      const y = (gy - 7) * scale;
      return [cx + x * cos - y * sin, cy + x * sin + y * cos];
    };
    layers.push({
      segments: (GLYPHS[ch] ?? []).flatMap((stroke) => toSegments(stroke.map(place))),
      width: rand(2.4, 3.4),
      color: darkColor(),
    });
  });
  // Curves across the text, as heavy as its strokes.
  for (let k = 0; k < 3; k++) {
    const y0 = rand(8, H - 8);
    const amp = rand(4, 12);
    const per = rand(15, 40);
    const ph = rand(0, 6.3);
    const line: Pt[] = [];
    for (let x = -4; x <= W + 4; x += 4) line.push([x, y0 + amp * Math.sin(x / per + ph)]);
    layers.push({ segments: toSegments(line), width: rand(1.4, 2.6), color: darkColor() });
  }

  const rgb = new Uint8Array(W * H * 3);
  // Light background with a gentle gradient and speckles.
  const bg0 = [int(225, 256), int(225, 256), int(225, 256)];
  const bg1 = [int(200, 245), int(200, 245), int(200, 245)];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const f = x / W;
      const o = (y * W + x) * 3;
      const noise = int(0, 24) - 12;
      for (let c = 0; c < 3; c++) rgb[o + c] = Math.max(0, Math.min(255, bg0[c] * (1 - f) + bg1[c] * f + noise));
    }

  const cover = new Float32Array(W * H);
  for (const layer of layers) {
    cover.fill(0);
    const r = layer.width / 2;
    for (const [[x0, y0], [x1, y1]] of layer.segments) {
      const dx = x1 - x0;
      const dy = y1 - y0;
      const len2 = dx * dx + dy * dy || 1;
      const minX = Math.max(0, Math.floor(Math.min(x0, x1) - r - 1));
      const maxX = Math.min(W - 1, Math.ceil(Math.max(x0, x1) + r + 1));
      const minY = Math.max(0, Math.floor(Math.min(y0, y1) - r - 1));
      const maxY = Math.min(H - 1, Math.ceil(Math.max(y0, y1) + r + 1));
      for (let y = minY; y <= maxY; y++)
        for (let x = minX; x <= maxX; x++) {
          const t = Math.max(0, Math.min(1, ((x + 0.5 - x0) * dx + (y + 0.5 - y0) * dy) / len2));
          const d = Math.hypot(x + 0.5 - (x0 + t * dx), y + 0.5 - (y0 + t * dy));
          const a = Math.max(0, Math.min(1, r + 0.5 - d));
          const i = y * W + x;
          if (a > cover[i]) cover[i] = a;
        }
    }
    for (let i = 0; i < W * H; i++) {
      const a = cover[i];
      if (!a) continue;
      for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.round(rgb[i * 3 + c] * (1 - a) + layer.color[c] * a);
    }
  }
  // Dots of every shade.
  for (let k = 0; k < 160; k++) {
    const x = int(0, W);
    const y = int(0, H);
    const color = darkColor();
    const size = int(1, 3);
    for (let yy = y; yy < Math.min(H, y + size); yy++)
      for (let xx = x; xx < Math.min(W, x + size); xx++) rgb.set(color, (yy * W + xx) * 3);
  }
  return encodePng(W, H, rgb);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A truecolour 8-bit PNG of `rgb` (W×H×3 bytes, rows top to bottom). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
