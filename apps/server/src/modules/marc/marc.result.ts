import fs from 'node:fs';
import type { MarcImportStatus } from '@shuyuan/contracts/marc/api';
import type { ImportCounts } from './marc.import.ts';

const cell = (v: string | number) => `"${String(v).replaceAll('"', '""')}"`;

/**
 * The import's result file: CSV with a BOM (Excel opens it as UTF-8), one line per record not imported,
 * then a summary line. Written as the import goes, so a 100k-record file never sits in memory.
 */
export class ResultCsv {
  private readonly out: fs.WriteStream;

  constructor(
    readonly path: string,
    private readonly tr: (key: string, params?: Record<string, unknown>) => string,
  ) {
    this.out = fs.createWriteStream(path);
    const head = ['index', 'status', 'isbn', 'title', 'reason'].map((k) =>
      k === 'isbn' ? 'ISBN' : tr(`marc.result.${k}`),
    );
    this.out.write(`\uFEFF${head.map(cell).join(',')}\r\n`);
  }

  row(index: number, status: MarcImportStatus, isbn: string, title: string, reason: string) {
    this.out.write(`${[index + 1, this.tr(`marc.result.${status}`), isbn, title, reason].map(cell).join(',')}\r\n`);
  }

  async close(counts: ImportCounts) {
    this.out.write(`${cell(this.tr('marc.result.summary', { ...counts }))}\r\n`);
    await new Promise<void>((resolve, reject) => this.out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
}

/** One line of a result file as the import screen shows it. */
export interface ResultLine {
  no: number;
  status: string;
  isbn: string;
  title: string;
  reason: string;
}

/** Cells of one CSV line written by `ResultCsv` (quoted cells, doubled quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"]|"")*)"(?:,|$)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) out.push(m[1].replaceAll('""', '"'));
  return out;
}

/** The result file read back for the screen: the first `limit` lines and the summary (last line). */
export async function readResultCsv(file: string, limit: number) {
  const lines = (await fs.promises.readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const body = lines.slice(1, -1);
  const List: ResultLine[] = body.slice(0, limit).map((l) => {
    const [no, status, isbn, title, reason] = cells(l);
    return { no: Number(no), status, isbn, title, reason };
  });
  return { summary: cells(lines[lines.length - 1] ?? '')[0] ?? '', total: body.length, List };
}
