import fs from 'node:fs';
import type { MarcPreviewRow, MarcReadOptions } from '@shuyuan/contracts/marc/api';
import type { MarcReadResult } from '@shuyuan/contracts/marc/record';
import { fail } from '../../platform/errors.ts';
import { flavourOf } from './marc.prepare.ts';
import { holdingsSources } from './lib/default-rules.ts';
import { mapHoldings, mapRecord } from './lib/map-record.ts';
import { readMarcStream } from './lib/read-marc.ts';
import { toRecordCreate } from './marc.convert.ts';
import type { RuleSet } from './marc.rules.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

/** Reads only as far as needed: the first `n` records (good or bad) of the file. */
async function firstResults(file: string, n: number, o?: MarcReadOptions): Promise<MarcReadResult[]> {
  const input = fs.createReadStream(file);
  const out: MarcReadResult[] = [];
  try {
    for await (const r of readMarcStream(input, { charset: o?.charset })) {
      out.push(r);
      if (out.length >= n) break;
    }
  } finally {
    input.destroy();
  }
  return out;
}

/** `PreviewTable`: what each of the first records would become, and why it would not import. */
export async function previewTable(file: string, rows: number, rules: RuleSet, tr: Tr, o?: MarcReadOptions) {
  const list: MarcPreviewRow[] = (await firstResults(file, rows, o)).map((r) => {
    if (!r.ok) return { index: r.index, ok: false, fields: null, errors: [tr(`marc.error.${r.code}`)], warnings: [] };
    const ruleSet = rules[flavourOf(r.record, o?.flavour)];
    const fields = mapRecord(r.record, ruleSet);
    const copies = mapHoldings(r.record, holdingsSources(ruleSet));
    const c = toRecordCreate(r.record, fields);
    const warnings = [
      ...r.warnings.map((w) => tr(`marc.warning.${w}`)),
      ...(c.ok ? c.warnings : []).map((m) => tr(m.key, m.params)),
    ];
    const errors = c.ok ? [] : c.errors.map((m) => tr(m.key, m.params));
    return { index: r.index, ok: c.ok, fields: { ...fields }, errors, warnings, copies };
  });
  return { List: list, Total: list.length };
}

/** `PreviewMarc`: one record by its position, as leader, tags, indicators and subfields. */
export async function previewMarc(file: string, index: number, tr: Tr, o?: MarcReadOptions) {
  const results = await firstResults(file, index + 1, o);
  const r = results[index];
  if (!r) throw fail('MARC_INDEX_MISSING', 'marc.indexMissing', { index: index + 1 });
  if (!r.ok) return { index, ok: false, error: tr(`marc.error.${r.code}`), detail: r.detail, record: null };
  return {
    index,
    ok: true,
    flavour: flavourOf(r.record, o?.flavour),
    record: r.record,
    warnings: r.warnings.map((w) => tr(`marc.warning.${w}`)),
  };
}
