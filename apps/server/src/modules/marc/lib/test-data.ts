import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isControlField, type MarcRecord } from '@shuyuan/contracts/marc/record';

/** This checkout's root folder. */
const ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));

/**
 * The main checkout when this one is a git worktree (its `.git` is a file naming `<main>/.git/worktrees/<name>`,
 * whose `commondir` leads to `<main>/.git`), else this checkout.
 */
function mainCheckout(root: string): string {
  try {
    const gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(join(root, '.git'), 'utf8'))?.[1]?.trim();
    if (!gitdir) return root;
    return dirname(resolve(gitdir, readFileSync(join(gitdir, 'commondir'), 'utf8').trim()));
  } catch {
    return root; // `.git` is a folder (the main checkout) or missing (an exported tree)
  }
}

/**
 * The shared sample files: ../shared/data/marc beside the repository, found from a worktree too (/work/wt/<name>
 * has no ../shared of its own); tests skip when absent.
 */
const candidates = [ROOT, mainCheckout(ROOT)].map((r) => join(r, '../shared/data/marc/'));
export const MARC_DATA = candidates.find((d) => existsSync(`${d}SURVEY.tsv`)) ?? candidates[0];
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
