/**
 * How many items (records, rows) the next write transaction of a bulk import takes. PostgreSQL: a fixed number for
 * the MARC import. Building and sending a 500-record INSERT (its array literals, one multi-MB write) held this
 * thread's event loop for 0.3–0.5 s at a time on a loaded machine (CPU profile of `npm run bench jobs`), and every
 * desk request waited for it; background commits no longer wait for the disk (db/requests-first.ts), so smaller
 * transactions cost little. The embedded database has one session and a desk's loan waits for the transaction in
 * hand: there each transaction takes about `targetMs` of the session, sized from the time per item of the ones
 * before (its fixed part included, so the size settles where the whole transaction takes `targetMs`, 10 ms): on a
 * quiet machine ~30 MARC records, fewer when the cores are busy — a loan waits for one short step whatever the load
 * (15 ms → 10 ms: borrow p95 during the jobs bench's imports 148 / 99 → 133 / 71 ms in two interleaved runs on a
 * loaded machine, the imports no slower). The reader import sizes its steps with it too (modules/readers).
 */
export class WritePace {
  private perRecord = 0;
  constructor(private readonly o: { targetMs: number; min: number; max: number; first: number } | { fixed: number }) {}

  static for(kind: 'postgres' | 'pglite'): WritePace {
    return new WritePace(kind === 'pglite' ? { targetMs: 10, min: 10, max: 200, first: 25 } : { fixed: 50 });
  }

  next(): number {
    const o = this.o;
    if ('fixed' in o) return o.fixed;
    if (!this.perRecord) return o.first;
    return Math.max(o.min, Math.min(o.max, Math.floor(o.targetMs / this.perRecord)));
  }

  /** A transaction of `records` records held the session `ms`. */
  took(records: number, ms: number): void {
    const r = ms / Math.max(records, 1);
    // Quick to shrink after a slow one (the cores got busy), slower to grow back.
    this.perRecord = !this.perRecord
      ? r
      : r > this.perRecord
        ? (r + this.perRecord) / 2
        : 0.8 * this.perRecord + 0.2 * r;
  }
}
