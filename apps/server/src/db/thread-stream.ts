import { Duplex } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/**
 * A node-postgres connection to the embedded database's thread (pglite-thread.mjs): a Duplex over a MessagePort
 * instead of a socket, so nothing listens on a file or port another local user could reach. node-postgres calls
 * the socket methods below; the bytes are the ordinary PostgreSQL wire protocol.
 */
export class ThreadStream extends Duplex {
  private port?: MessagePort;
  /** Bytes written in this turn of the event loop, posted together (flush). */
  private pending: Buffer[] = [];

  constructor(private readonly open: () => MessagePort) {
    super();
  }

  connect(): this {
    const port = this.open();
    this.port = port;
    port.on('message', (m: Uint8Array | { type: 'error'; message: string }) => {
      if (m instanceof Uint8Array) this.push(Buffer.from(m.buffer, m.byteOffset, m.byteLength));
      else this.destroy(new Error(m.message));
    });
    port.on('close', () => this.push(null));
    setImmediate(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port?.ref();
    return this;
  }

  unref(): this {
    this.port?.unref();
    return this;
  }

  override _read(): void {}

  /**
   * node-postgres writes each statement of a pipeline (db/pipeline.ts: a transaction's begin, its first statement,
   * a write and the commit) as it is sent; what is written in one go reaches the thread as one message, which it
   * hands to PGlite in one call (one turn of its queue, one answer back) instead of one per statement.
   */
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (e?: Error | null) => void): void {
    if (!this.pending.length) queueMicrotask(() => this.flush());
    this.pending.push(chunk);
    done();
  }

  override _writev(chunks: { chunk: Buffer }[], done: (e?: Error | null) => void): void {
    if (!this.pending.length) queueMicrotask(() => this.flush());
    for (const c of chunks) this.pending.push(c.chunk);
    done();
  }

  private flush(): void {
    const bytes = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    if (bytes.length) this.port?.postMessage(bytes);
  }

  override _final(done: (e?: Error | null) => void): void {
    this.flush();
    this.port?.close();
    this.push(null);
    done();
  }

  override _destroy(err: Error | null, done: (e?: Error | null) => void): void {
    this.port?.close();
    done(err);
  }
}
