import type { PrintSource } from '@shuyuan/contracts/printing/print-api';

/** The ways a print screen can choose what to print (PrintSource types as the form offers them). */
export type SourceKind = 'search' | 'batch' | 'barcodeRange' | 'callNoRange' | 'barcodes' | 'callNumbers' | 'readers';

export interface SourceValues {
  type: SourceKind;
  key?: string;
  batchId?: number;
  from?: string;
  to?: string;
  barcodes?: string;
  callNumbers?: string;
  gradeIds?: number[];
  classIds?: number[];
}

export const lines = (s = '') =>
  s
    .split(/\r?\n/)
    .map((x) => x.trim())
    .filter(Boolean);

/** `I247.5/123 3` → call number and copies (1 when no number follows). */
export function parseCallNumbers(text = '') {
  return lines(text).map((l) => {
    const m = /^(.*\S)\s+(\d{1,4})$/.exec(l);
    return m ? { callNumber: m[1], count: Number(m[2]) } : { callNumber: l, count: 1 };
  });
}

/** The PrintSource of the form's values (the server validates it again, with messages per field). */
export function toSource(v: SourceValues): PrintSource {
  switch (v.type) {
    case 'search':
      return { type: 'search', key: v.key ?? '' };
    case 'batch':
      return { type: 'batch', batchId: v.batchId ?? 0 };
    case 'barcodeRange':
    case 'callNoRange':
      return { type: v.type, from: v.from ?? '', to: v.to ?? '' };
    case 'barcodes':
      return { type: 'barcodes', barcodes: lines(v.barcodes) };
    case 'callNumbers':
      return { type: 'callNumbers', lines: parseCallNumbers(v.callNumbers) };
    case 'readers':
      return {
        type: 'readers',
        ids: [],
        gradeIds: v.gradeIds ?? [],
        classIds: v.classIds ?? [],
        key: v.key || undefined,
      };
  }
}

/**
 * Preset selection from the address, so other screens can link to a print screen:
 * `?barcodes=A,B,C` (comma or new line), `?batchId=12`, `?from=B1&to=B9` (barcode range; `&range=callNo` for call
 * numbers), `?key=` (search text, or a reader on /userprint). Only kinds the screen offers; null = no preset.
 */
export function presetSource(params: URLSearchParams, kinds: SourceKind[]): SourceValues | null {
  const has = (k: SourceKind) => kinds.includes(k);
  const barcodes = params.get('barcodes');
  if (barcodes && has('barcodes'))
    return {
      type: 'barcodes',
      barcodes: barcodes
        .split(/[,\n]/)
        .map((x) => x.trim())
        .filter(Boolean)
        .join('\n'),
    };
  const batchId = Number(params.get('batchId'));
  if (Number.isInteger(batchId) && batchId > 0 && has('batch')) return { type: 'batch', batchId };
  const from = params.get('from');
  const to = params.get('to');
  const range: SourceKind = params.get('range') === 'callNo' ? 'callNoRange' : 'barcodeRange';
  if ((from || to) && has(range)) return { type: range, from: from ?? '', to: to ?? '' };
  const key = params.get('key');
  if (key && has('search')) return { type: 'search', key };
  if (key && has('readers')) return { type: 'readers', key };
  return null;
}
