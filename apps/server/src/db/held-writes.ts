import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './client.ts';
import { poolOf } from './request-state.ts';
import { type TurnControl, turnControl } from './requests-first.ts';

/**
 * Background work's one-statement writes (each its own transaction) sent back to back on one connection of the
 * embedded database, kept between them while nothing else wants it. Each statement is a message to the database's
 * thread and its answer one back: sent one at a time, that thread waited for every answer to reach this thread and
 * for the next statement to be sent (a MARC import's: idle a third of the time). Here the next statement is sent
 * while the one before runs (`send`, at most `depth` in flight), so it waits in the thread's queue instead.
 *
 * Requests still go first (requestsFirst): before each statement the connection is given back when a request holds
 * or waits for one, a person was served in the last second (then every statement is a turn of its own, as a
 * transaction is, and the duty cycle rests between them) or other background work waits; a request then waits for
 * the statements in flight. The duty cycle counts from the last statement sent, not from when the connection was
 * taken. Nothing else may use the database through the pool while the connection is held (the pool's one session):
 * `release` first. Calls must not overlap: await each `send` before the next `send` or `release` (a release while a
 * send is still taking the connection would leave it taken and held, and the pool's one session lost).
 */
export class HeldWrites {
  private client?: pg.PoolClient;
  private handle?: Db;
  private readonly inFlight = new Set<Promise<unknown>>();

  private constructor(
    private readonly pool: pg.Pool,
    private readonly control: TurnControl,
  ) {}

  /**
   * For background work on the embedded database; null elsewhere (then write as usual). PostgreSQL gained nothing
   * measurable (MARC import 1,627 → 1,681 rec/s, within the noise): its server is a process of its own whose CPU the
   * two cores share with this one, not a thread waiting for messages.
   */
  static for(db: Db, kind: 'pglite' | 'postgres'): HeldWrites | null {
    const pool = poolOf(db);
    const control = pool && turnControl(pool);
    return kind === 'pglite' && pool && control ? new HeldWrites(pool, control) : null;
  }

  /**
   * Sends `write` — one statement, sent before its first await — on the held connection (taken first, as a background
   * turn, when not held), after the statements in flight; answers once it is sent, with its answer to await.
   */
  async send<T>(write: (db: Db) => Promise<T>): Promise<{ answer: Promise<T> }> {
    if (this.client && this.control.wanted()) await this.release();
    if (!this.client) {
      this.client = await this.pool.connect();
      this.handle = drizzlePg(this.client) as unknown as Db;
    } else this.control.restart(this.client);
    const answer = write(this.handle as Db);
    const settled: Promise<unknown> = answer.then(
      (): unknown => this.inFlight.delete(settled),
      (): unknown => this.inFlight.delete(settled),
    );
    this.inFlight.add(settled);
    // The statement leaves in this turn of the event loop (the stream posts what was written at its end).
    await new Promise((r) => setImmediate(r));
    return { answer };
  }

  /** Statements sent and not answered yet. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Waits for the statements in flight and gives the connection back. */
  async release(): Promise<void> {
    while (this.inFlight.size) await Promise.all(this.inFlight);
    const client = this.client;
    this.client = undefined;
    this.handle = undefined;
    client?.release();
  }
}
