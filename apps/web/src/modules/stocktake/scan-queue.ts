import type { ScanResult } from '@shuyuan/contracts/stocktake/stocktake';

/**
 * The scan queue of the stocktake screen: a barcode scanner types faster than the server answers, so every
 * scan is queued at once and sent one by one, in order. Each carries a clientId: a request that is retried
 * after a network failure counts once on the server. Business refusals (closed session, a typed barcode that
 * breaks the rule) end that item with the message; network failures are retried.
 */
export interface QueueItem {
  clientId: string;
  barcode: string;
  typed: boolean;
  state: 'waiting' | 'sending' | 'done' | 'error';
  result?: ScanResult;
  error?: string;
}

export type Send = (item: QueueItem) => Promise<ScanResult>;
/** True when the failure is the server's answer (do not retry), false for network trouble. */
export type IsFinal = (e: unknown) => boolean;

let seq = 0;
const newId = () => `${Date.now().toString(36)}-${(seq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export class ScanQueue {
  /** Newest first, as the screen shows them. */
  items: QueueItem[] = [];
  private busy = false;
  private stopped = false;

  constructor(
    private readonly send: Send,
    private readonly isFinal: IsFinal,
    private readonly changed: () => void,
    private readonly retryMs = 1500,
    private readonly keep = 200,
  ) {}

  push(barcode: string, typed: boolean): void {
    const b = barcode.trim();
    if (!b) return;
    this.items = [{ clientId: newId(), barcode: b, typed, state: 'waiting' as const }, ...this.items].slice(
      0,
      this.keep,
    );
    this.changed();
    void this.pump();
  }

  /** Scans made earlier (another visit, another device), shown below the new ones. */
  seed(done: ScanResult[]): void {
    const known = new Set(this.items.map((i) => i.result?.id));
    const older = done
      .filter((r) => !known.has(r.id))
      .map((r) => ({ clientId: `s${r.id}`, barcode: r.barcode, typed: false, state: 'done' as const, result: r }));
    this.items = [...this.items, ...older].slice(0, this.keep);
    this.changed();
  }

  get pending(): number {
    return this.items.filter((i) => i.state === 'waiting' || i.state === 'sending').length;
  }

  stop(): void {
    this.stopped = true;
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (;;) {
        if (this.stopped) return;
        const next = [...this.items].reverse().find((i) => i.state === 'waiting');
        if (!next) return;
        next.state = 'sending';
        this.changed();
        try {
          next.result = await this.send(next);
          next.state = 'done';
        } catch (e) {
          if (this.isFinal(e)) {
            next.state = 'error';
            next.error = (e as Error).message;
          } else {
            next.state = 'waiting';
            this.changed();
            await new Promise((r) => setTimeout(r, this.retryMs));
          }
        }
        this.changed();
      }
    } finally {
      this.busy = false;
    }
  }
}
