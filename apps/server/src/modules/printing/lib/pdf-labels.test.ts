import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBarcode } from '@shuyuan/contracts/printing/barcode';
import { LabelTemplate, type LabelTemplateInput } from '@shuyuan/contracts/printing/label-template';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '../../../platform/errors.ts';
import { renderBarcodePng } from './barcode-image.ts';
import { CJK_FONT_CANDIDATES, resolveCjkFont } from './fonts.ts';
import type { LabelData } from './label-layout.ts';
import { type PdfLabelOptions, renderLabelsPdf } from './pdf-labels.ts';

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const tools = has('pdftoppm') && has('zbarimg');
const font = CJK_FONT_CANDIDATES.some((f) => existsSync(f.path));
if (!tools) console.warn('SKIPPED barcode decoding: install poppler-utils (pdftoppm) and zbar-tools (zbarimg)');
if (!font) console.warn('SKIPPED PDF rendering: no CJK font, install fonts-wqy-microhei');

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'print-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const template = (over: Partial<LabelTemplateInput>) =>
  LabelTemplate.parse({
    name: 'test',
    kind: 'barcode',
    page: { size: 'A4' },
    label: { width: 63.5, height: 38.1 },
    grid: { columns: 3, rows: 7 },
    margins: { top: 15, left: 7 },
    gaps: { x: 2.5, y: 0 },
    items: ['schoolName', 'barcode', 'barcodeText', 'title'],
    ...over,
  });

async function render(t: LabelTemplate, labels: LabelData[], name: string, opts: PdfLabelOptions = {}) {
  const file = join(dir, `${name}.pdf`);
  const r = await renderLabelsPdf(t, labels, createWriteStream(file), opts);
  return { file, ...r };
}

/** Rasterises at 300 dpi as a label printer would and returns every decoded barcode value. */
function decode(pdf: string): string[] {
  const prefix = pdf.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', '300', '-png', pdf, prefix]);
  const pngs = readdirSync(dir)
    .filter((f) => f.startsWith(prefix.split('/').pop() ?? '') && f.endsWith('.png'))
    .map((f) => join(dir, f));
  const out = spawnSync('zbarimg', ['-q', '--raw', ...pngs], { encoding: 'utf8' }).stdout;
  return out.split('\n').filter(Boolean).sort();
}

const books = ['三体：地球往事', '红楼梦（校注本）', '西游记 青少年版'];

describe.skipIf(!font)('label PDFs', () => {
  it('is a PDF with the Chinese font embedded', async () => {
    const { file, pages, labels } = await render(template({}), [{ barcode: 'S0001', title: '三体' }], 'one');
    expect([pages, labels]).toEqual([1, 1]);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.includes(Buffer.from('WenQuanYi')) || bytes.includes(Buffer.from('FontFile2'))).toBe(true);
  });

  it.skipIf(!tools)('3 barcode labels with Chinese titles decode to their barcodes (vector and png)', async () => {
    const codes = [1, 2, 3].map((i) => formatBarcode('S', i, 7, true));
    const data = codes.map((barcode, i) => ({ barcode, title: books[i], schoolName: '书苑实验小学' }));
    for (const barcodes of ['vector', 'png'] as const) {
      const { file } = await render(template({}), data, `barcode-${barcodes}`, { barcodes });
      expect(decode(file)).toEqual([...codes].sort());
    }
  });

  it.skipIf(!tools)('3 spine labels with call numbers and barcodes decode, code39 and qrcode too', async () => {
    const data = [
      { barcode: '10000019', callNumber: 'I247.5/123:2', title: books[0] },
      { barcode: '10000027', callNumber: 'K825.6/45', title: books[1] },
      { barcode: '10000035', callNumber: 'TP312/7=2', title: books[2] },
    ];
    for (const barcodeType of ['code128', 'code39', 'qrcode'] as const) {
      const t = template({ kind: 'spine', barcodeType, items: ['callNumber', 'barcode', 'title'] });
      const { file } = await render(t, data, `spine-${barcodeType}`);
      expect(decode(file)).toEqual(data.map((d) => d.barcode).sort());
    }
  });

  it.skipIf(!tools)('ean13 prints a valid EAN and refuses letters with a clear code', async () => {
    const t = template({ barcodeType: 'ean13', items: ['barcode'] });
    const { file } = await render(t, [{ barcode: '9787536692930' }], 'ean');
    expect(decode(file)).toEqual(['9787536692930']);
    const bad = render(t, [{ barcode: 'S0001' }], 'ean-bad');
    await expect(bad).rejects.toMatchObject({ errorCode: 'PRINT_BARCODE_UNPRINTABLE' });
  });

  it('skips used cells and prints only the chosen pages', async () => {
    const t = template({ startPosition: 20 }); // 21 per sheet: 2 labels on page 1, then page 2…
    const data = Array.from({ length: 30 }, (_, i) => ({ barcode: `S${i}` }));
    const all = await render(t, data, 'all');
    expect(all.pages).toBe(3);
    const second = await render(t, data, 'second', { pageRange: { startPage: 2, endPage: 2 } });
    expect([second.pages, second.labels]).toEqual([1, 21]);
  });

  it('refuses a page range outside the document and a job over 5000 records', async () => {
    const t = template({});
    const data = [{ barcode: 'S1' }];
    const range = render(t, data, 'range', { pageRange: { startPage: 2, endPage: 3 } });
    await expect(range).rejects.toMatchObject({ errorCode: 'PRINT_DATA_INVALID', msgKey: 'printing.job.dataInvalid' });
    const many = render(t, [], 'many', { total: 5001 });
    await expect(many).rejects.toMatchObject({ errorCode: 'PRINT_LIMIT' });
    await expect(render(t, [], 'none')).rejects.toMatchObject({ errorCode: 'PRINT_DATA_INVALID' });
  });

  it('reader cards show name, class and the photo (or an empty frame)', async () => {
    const t = template({ kind: 'readerCard', label: { width: 85.6, height: 54 }, grid: { columns: 2, rows: 5 } });
    const card = { ...t, items: ['photo', 'schoolName', 'readerName', 'readerClass', 'barcode'] as const };
    const r = await render(
      LabelTemplate.parse(card),
      [
        { readerName: '李小明', readerClass: '三年级二班', barcode: 'R20260001', schoolName: '书苑实验小学' },
        {
          readerName: '王芳',
          readerClass: '五年级一班',
          barcode: 'R20260002',
          photo: (await renderBarcodePng('photo', 'qrcode')).png,
        },
      ],
      'card',
    );
    expect(r.labels).toBe(2);
    // The second reader's photo is the only image (an RGBA PNG: image + its alpha mask); barcodes are vector.
    const pdf = readFileSync(r.file).toString('latin1');
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(2);
    expect(pdf.match(/\/SMask/g)).toHaveLength(1);
    if (tools) expect(decode(r.file)).toEqual(['R20260001', 'R20260002', 'photo']);
  });
});

describe('fonts and images', () => {
  it('names the paths it looked in when no CJK font exists', () => {
    const err = (() => {
      try {
        resolveCjkFont({}, [{ path: '/nonexistent/font.ttc' }]);
      } catch (e) {
        return e as BizError;
      }
    })();
    expect(err).toBeInstanceOf(BizError);
    expect(err?.errorCode).toBe('PRINT_FONT_MISSING');
    expect(err?.params).toEqual({ paths: '/nonexistent/font.ttc' });
  });

  it('takes SHUYUAN_CJK_FONT as path#PostscriptName', () => {
    const env = { SHUYUAN_CJK_FONT: `${process.execPath}#Any` }; // any existing file
    expect(resolveCjkFont(env)).toEqual({ path: process.execPath, postscriptName: 'Any' });
  });

  it.skipIf(!tools)('renders a PNG barcode that zbarimg reads', async () => {
    const img = await renderBarcodePng('S0001', 'code128');
    expect(img.png.subarray(1, 4).toString()).toBe('PNG');
    expect(img.width).toBeGreaterThan(img.height);
    const file = join(dir, 'single.png');
    writeFileSync(file, img.png);
    expect(spawnSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8' }).stdout.trim()).toBe('S0001');
  });
});
