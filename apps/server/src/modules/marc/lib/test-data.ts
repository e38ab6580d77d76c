import { existsSync, readFileSync } from 'node:fs';
import { isControlField, type MarcRecord } from '@shuyuan/contracts/marc/record';
import { sharedPath } from '../../../../../../scripts/shared-data.ts';

/** The shared sample files (../shared/data/marc, found from a worktree too); tests skip when absent. */
export const MARC_DATA = `${sharedPath('data/marc')}/`;
export const hasMarcData = existsSync(`${MARC_DATA}SURVEY.tsv`);

export interface SurveyRow {
  file: string;
  format: 'iso2709' | 'marcxml';
  records: number;
  yaz: number;
}
export function survey(): SurveyRow[] {
  return readFileSync(`${MARC_DATA}SURVEY.tsv`, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .map(([file, format, records, yaz]) => ({
      file,
      format: format as SurveyRow['format'],
      records: Number(records),
      yaz: Number(yaz),
    }));
}

export const sample = (file: string) => readFileSync(MARC_DATA + file);

/** A record in yaz-marcdump's "line" format, to compare our decoding with yaz's. */
export function toLine(r: MarcRecord): string {
  const lines = r.fields.map((f) =>
    isControlField(f)
      ? `${f.tag} ${f.value}`
      : `${f.tag} ${f.ind1}${f.ind2} ${f.subfields.map((s) => `$${s.code} ${s.value}`).join(' ')}`,
  );
  return lines.join('\n');
}

export function which(cmd: string): boolean {
  const path = process.env.PATH ?? '';
  return path.split(':').some((dir) => existsSync(`${dir}/${cmd}`));
}
