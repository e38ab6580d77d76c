import type { Db } from '../db/client.ts';
import { sip2Log } from '../modules/logs/sip2-log.table.ts';
import { isKnownCode, MESSAGES, SECRET_FIELDS } from './protocol/messages.ts';

const MAX_TEXT = 4000;
const BATCH_MS = 50;
const BATCH_ROWS = 100;

/**
 * Masks the secrets of a message before it is stored: login user id and password (CN, CO), patron and terminal
 * passwords (AD, AC). The first variable field follows the fixed part directly (no '|' before it), so the fixed
 * part is skipped by its known length.
 */
export function maskSecrets(text: string): string {
  const code = text.slice(0, 2);
  const head = isKnownCode(code) ? 2 + MESSAGES[code].fixed.reduce((n, [, l]) => n + l, 0) : 2;
  const rest = text
    .slice(head)
    .replace(/(^|\|)([A-Z]{2})([^|]*)/g, (all, sep: string, c: string) =>
      SECRET_FIELDS.has(c) ? `${sep}${c}***` : all,
    );
  return text.slice(0, head) + rest;
}

/** Control characters (a NUL is refused by PostgreSQL text) are shown as \xNN; long texts are cut. */
export function printable(text: string): string {
  let s = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    s += c < 0x20 || c === 0x7f ? `\\x${c.toString(16).padStart(2, '0')}` : ch;
  }
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s;
}

export interface ExchangeRow {
  /** 0 when the connection is not (yet) tied to a school: such rows are kept but no school's screen shows them. */
  schoolId: number;
  terminal: string | null;
  command: string;
  request: string;
  response: string | null;
  success: boolean;
  ip: string | null;
  durationMs: number;
}

/**
 * Writes one row per exchange, after the answer is sent, so the machine never waits for the log. Rows are
 * batched (one insert per BATCH_MS or BATCH_ROWS): on PGlite every query runs on the main thread, and one insert
 * per message would sit between the machine and its next answer.
 */
export class Sip2LogWriter {
  private rows: (typeof sip2Log.$inferInsert)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private db: Db,
    private onError: (e: unknown) => void,
  ) {}

  write(row: ExchangeRow): void {
    this.rows.push({
      ...row,
      command: printable(row.command).slice(0, 8),
      request: printable(maskSecrets(row.request)),
      response: row.response === null ? null : printable(maskSecrets(row.response)),
      durationMs: Math.round(row.durationMs),
    });
    if (this.rows.length >= BATCH_ROWS) this.drain();
    else this.timer ??= setTimeout(() => this.drain(), BATCH_MS);
  }

  private drain(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.rows.splice(0);
    if (!batch.length) return;
    // Chained: batches land in order and never run two inserts at once.
    this.writing = this.writing.then(() =>
      this.db
        .insert(sip2Log)
        .values(batch)
        .then(
          () => undefined,
          (e) => this.onError(e),
        ),
    );
  }

  /** Writes what is waiting and resolves when every row is stored (the server's stopper waits for this). */
  async flush(): Promise<void> {
    this.drain();
    await this.writing;
  }
}
