import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBarcode } from '../packages/contracts/src/printing/barcode.ts';
import { LabelTemplate } from '../packages/contracts/src/printing/label-template.ts';
import { PRINT_LIMIT } from '../packages/contracts/src/printing/print-job.ts';
import type { LabelData } from '../apps/server/src/modules/printing/lib/label-layout.ts';
import { renderLabelsPdf } from '../apps/server/src/modules/printing/lib/pdf-labels.ts';
import { report } from './stats.ts';

/** A common A4 sheet of 3 × 10 labels, barcode + call number + title, as a school prints after cataloguing. */
const template = LabelTemplate.parse({
  name: 'bench',
  kind: 'barcode',
  page: { size: 'A4' },
  label: { width: 63.5, height: 29.6 },
  grid: { columns: 3, rows: 10 },
  margins: { top: 0.5, left: 7 },
  gaps: { x: 2.5, y: 0 },
  fontSize: 8,
  items: ['barcode', 'barcodeText', 'callNumber', 'title'],
});

/** Streamed from a generator, as a print job reads copies from the database. */
function* labels(): Generator<LabelData> {
  for (let i = 0; i < PRINT_LIMIT; i++)
    yield {
      barcode: formatBarcode('S', 100000 + i, 7, true),
      callNumber: `I${247 + (i % 50)}.5/${(i % 997) + 1}:${(i % 3) + 1}`,
      title: `三体 第${i}册：地球往事`,
    };
}

/** Spec §9 / architecture budget: 5000 labels to PDF in < 10 s; also reports peak RSS and the file size. */
export async function benchLabels(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'labels-bench-'));
  const file = join(dir, 'labels.pdf');
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const t0 = performance.now();
    const r = await renderLabelsPdf(template, labels(), createWriteStream(file), { total: PRINT_LIMIT });
    const ms = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage().rss);
    const size = (await stat(file)).size;
    report(`5000 labels to PDF (${r.pages} pages, ${(size / 1e6).toFixed(1)} MB)`, ms / 1000, 's', 10);
    // Growth over the process's size before the job: what streaming must keep flat as jobs get longer.
    const mb = (b: number) => b / 1024 / 1024;
    report(`RSS growth rendering 5000 labels (peak ${mb(peak).toFixed(0)} MB)`, mb(peak - base), 'MB', 256);
  } finally {
    clearInterval(timer);
    await rm(dir, { recursive: true, force: true });
  }
}

/** `npx tsx bench/labels.bench.ts` runs it alone. */
if (process.argv[1]?.endsWith('labels.bench.ts')) await benchLabels();
