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
