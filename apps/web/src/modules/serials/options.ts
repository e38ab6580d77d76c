import { FREQUENCIES, SERIAL_KINDS } from '@shuyuan/contracts/serials/pattern';
import type { Option } from '../../kit/types.ts';

/** Option lists shared by the serials screens (labels are i18n keys). */
export const KIND_OPTIONS: Option[] = SERIAL_KINDS.map((k) => ({ value: k, label: `serials.kind.${k}` }));
export const FREQUENCY_OPTIONS: Option[] = FREQUENCIES.map((f) => ({ value: f, label: `serials.frequency.${f}` }));
/** Languages as the catalogue codes them (labels from the catalogue's texts). */
export const LANGUAGE_OPTIONS: Option[] = ['chi', 'eng', 'jpn', 'fre', 'ger', 'rus'].map((l) => ({
  value: l,
  label: `catalogue.lang.${l}`,
}));

export const yuan = (fen: number | null | undefined) => (fen == null ? '' : (fen / 100).toFixed(2));
