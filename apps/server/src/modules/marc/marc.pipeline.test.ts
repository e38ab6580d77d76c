import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultMarcRules } from './lib/default-rules.ts';
import { writeIso2709 } from './lib/iso2709-writer.ts';
import { importBatches } from './marc.pipeline.ts';
import type { PreparedBatch } from './marc.prepare.ts';

const rules = { MARC21: defaultMarcRules('MARC21'), UNIMARC: defaultMarcRules('UNIMARC') };
const record = (i: number) => ({
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '001', value: String(i) },
    // every 7th record has no title: refused with its reason, in its place
    ...(i % 7 === 3 ? [] : [{ tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: `书名${i}` }] }]),
  ],
});

async function collect(file: string, useWorker: boolean, head = 0) {
  const modes: string[] = [];
  const out: PreparedBatch[] = [];
  for await (const b of importBatches(file, rules, 100, undefined, { useWorker, head, onMode: (m) => modes.push(m) }))
    out.push(b);
  return { modes, out };
}

describe('import pipeline (worker thread)', () => {
  it('prepares every record in file order, the same in the worker as on the main thread', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marc-pipe-')), 'x.mrc');
    fs.writeFileSync(file, Buffer.concat(Array.from({ length: 450 }, (_, i) => writeIso2709(record(i)))));
    const w = await collect(file, true);
    const m = await collect(file, false);
    expect(w.modes).toEqual(['worker']);
    expect(m.modes).toEqual(['inline']);
    const items = w.out.flatMap((b) => b.items);
    expect(items.map((p) => p.index)).toEqual(Array.from({ length: 450 }, (_, i) => i));
    expect(items.filter((p) => !p.ok).map((p) => p.index)).toEqual(
      Array.from({ length: 450 }, (_, i) => i).filter((i) => i % 7 === 3),
    );
    const good = items.find((p) => p.ok && p.index === 5);
    expect(good?.ok && good.row.title).toBe('书名5');
    expect(good?.ok && good.doc.A).toContain('shuming'); // the search document was built too
    expect(JSON.stringify(w.out)).toBe(JSON.stringify(m.out));
    // batches hold at most 100 good records each
    expect(w.out.every((b) => b.items.filter((p) => p.ok).length <= 100)).toBe(true);
  });

  it('prepares the first records on this thread while the worker starts, then the worker goes on after them', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marc-pipe-')), 'x.mrc');
    fs.writeFileSync(file, Buffer.concat(Array.from({ length: 450 }, (_, i) => writeIso2709(record(i)))));
    // At most 130 records here (the worker is slower to start than 450 records take): the rest in the worker.
    const h = await collect(file, true, 130);
    const m = await collect(file, false);
    expect(h.modes).toEqual(['inline', 'worker']);
    const here = h.out.filter((b) => b.items.length && b.items[0].index < 130);
    expect(here.length).toBeGreaterThan(1); // in small batches
    const items = h.out.flatMap((b) => b.items);
    // every record once, in file order, prepared as on one thread
    expect(items.map((p) => p.index)).toEqual(Array.from({ length: 450 }, (_, i) => i));
    expect(JSON.stringify(items)).toBe(JSON.stringify(m.out.flatMap((b) => b.items)));
  });
});
