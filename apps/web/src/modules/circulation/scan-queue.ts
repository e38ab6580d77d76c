import { useEffect, useRef, useState } from 'react';

/**
 * The desk's scan queue: every scanned barcode is queued at once and sent strictly in scan order, one request
 * at a time, so scanning faster than the server answers never loses or reorders a barcode. Each item carries
 * its own task (bound to the reader at scan time), so moving on to the next reader does not redirect copies
 * still waiting. A failed item does not stop the queue.
 */
export interface QueueItem<R> {
  id: number;
  code: string;
  run: () => Promise<R>;
}

export type QueueOutcome<R> = { id: number; code: string } & ({ ok: true; value: R } | { ok: false; error: unknown });

export class ScanQueue<R> {
  private items: QueueItem<R>[] = [];
  private running = false;
  private seq = 0;

  constructor(
    private readonly onOutcome: (o: QueueOutcome<R>) => void,
    private readonly onChange: (pending: string[]) => void = () => {},
  ) {}

  /** Queues one scan; returns its id (results arrive through onOutcome in the same order). */
  push(code: string, run: () => Promise<R>): number {
    const id = ++this.seq;
    this.items.push({ id, code, run });
    this.onChange(this.pending());
    void this.drain();
    return id;
  }

  pending(): string[] {
    return this.items.map((i) => i.code);
  }

  get busy(): boolean {
    return this.running || this.items.length > 0;
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.items.length) {
        const item = this.items[0];
        let outcome: QueueOutcome<R>;
        try {
          outcome = { id: item.id, code: item.code, ok: true, value: await item.run() };
        } catch (error) {
          outcome = { id: item.id, code: item.code, ok: false, error };
        }
        this.items.shift();
        this.onChange(this.pending());
        this.onOutcome(outcome);
      }
    } finally {
      this.running = false;
    }
  }
}

/** React binding: `const { push, pending } = useScanQueue(onOutcome)`; `pending` lists the waiting barcodes. */
export function useScanQueue<R>(onOutcome: (o: QueueOutcome<R>) => void) {
  const handler = useRef(onOutcome);
  useEffect(() => {
    handler.current = onOutcome;
  });
  const [pending, setPending] = useState<string[]>([]);
  const [queue] = useState(
    () =>
      new ScanQueue<R>(
        (o) => handler.current(o),
        (p) => setPending(p),
      ),
  );
  return { push: (code: string, run: () => Promise<R>) => queue.push(code, run), pending };
}
