import { type QueueOutcome, ScanQueue } from './scan-queue.ts';

/**
 * The lending desk's one ordered scan sequence. Every scan — a reader's card or a copy — and every "next
 * reader" (Esc) goes into a single queue and is handled strictly in the order it was made, one request at a
 * time. The reader a copy is lent to is the reader whose card came before it in that sequence, not the one on
 * screen when the copy was scanned: a copy scanned before the card's lookup answered waits behind it, and
 * copies scanned after the next reader's card go to that next reader. Nothing typed is dropped: each scan
 * yields exactly one outcome (the reader it selected, the loan, or why it was refused).
 */

export interface SessionReader {
  account: string;
  name: string;
}

export type BorrowStep<R, L> = { kind: 'reader'; reader: R } | { kind: 'lent'; loan: L; reader: R };

export interface BorrowSessionDeps<R extends SessionReader, L> {
  /** Looks a card up; rejects when the code is no reader's card. */
  reader: (code: string) => Promise<R>;
  /** Lends one copy to the reader (token from verification, if any). */
  borrow: (account: string, code: string, token: string | undefined) => Promise<L>;
  /** True when the borrow was refused because the code is no copy (it may be the next reader's card). */
  isNotCopy: (e: unknown) => boolean;
  /**
   * When the school asks readers to verify: resolves the reader's token once they typed their password,
   * rejects when the librarian cancels. The queue waits meanwhile (later scans stay queued). Resolves an empty
   * token when the school does not ask.
   */
  verify?: (reader: R) => Promise<string>;
  /** The sequence's current reader changed (a card was handled, Esc, or a verification was cancelled). */
  onReader: (reader: R | null) => void;
  /** A scan whose code is no reader's card while no reader is selected: the refusal to show. */
  noReader: (code: string, cause: unknown) => Error;
}

type Item<R, L> = BorrowStep<R, L> | { kind: 'reset' };

export class BorrowSession<R extends SessionReader, L> {
  private current: { reader: R; token: string | undefined } | null = null;
  private readonly queue: ScanQueue<Item<R, L>>;

  constructor(
    private readonly deps: BorrowSessionDeps<R, L>,
    onOutcome: (o: QueueOutcome<BorrowStep<R, L>>) => void,
    onPending: (pending: string[]) => void = () => {},
  ) {
    this.queue = new ScanQueue<Item<R, L>>(
      (o) => {
        if (o.ok && o.value.kind === 'reset') return;
        onOutcome(o as QueueOutcome<BorrowStep<R, L>>);
      },
      // Esc markers carry an empty code: they are not scans waiting.
      (p) => onPending(p.filter(Boolean)),
    );
  }

  /** Queues one scan; returns its id (its outcome arrives with the same id, in scan order). */
  scan(code: string): number {
    return this.queue.push(code, () => this.step(code));
  }

  /** Esc: scans after this point need a reader card first; scans before it still go to their reader. */
  nextReader(): void {
    this.queue.push('', async () => {
      this.select(null);
      return { kind: 'reset' };
    });
  }

  pending(): string[] {
    return this.queue.pending().filter(Boolean);
  }

  private select(reader: R | null, token?: string): void {
    this.current = reader ? { reader, token } : null;
    this.deps.onReader(reader);
  }

  private async switchTo(reader: R): Promise<Item<R, L>> {
    this.select(reader);
    if (this.deps.verify) {
      try {
        const token = await this.deps.verify(reader);
        this.select(reader, token || undefined);
      } catch (e) {
        this.select(null);
        throw e;
      }
    }
    return { kind: 'reader', reader };
  }

  private async step(code: string): Promise<Item<R, L>> {
    const cur = this.current;
    if (!cur) {
      let reader: R;
      try {
        reader = await this.deps.reader(code);
      } catch (e) {
        throw this.deps.noReader(code, e);
      }
      return this.switchTo(reader);
    }
    // The same card again: the reader stays (no new verification).
    if (code === cur.reader.account) return { kind: 'reader', reader: cur.reader };
    try {
      return { kind: 'lent', loan: await this.deps.borrow(cur.reader.account, code, cur.token), reader: cur.reader };
    } catch (e) {
      if (!this.deps.isNotCopy(e)) throw e;
      // No copy has this code: it may be the next reader's card (the next reader came up without Esc).
      const next = await this.deps.reader(code).catch(() => null);
      if (!next) throw e;
      return this.switchTo(next);
    }
  }
}
