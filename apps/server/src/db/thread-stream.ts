import { Duplex } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/**
 * A node-postgres connection to the embedded database's thread (pglite-thread.mjs): a Duplex over a MessagePort
 * instead of a socket, so nothing listens on a file or port another local user could reach. node-postgres calls
 * the socket methods below; the bytes are the ordinary PostgreSQL wire protocol.
 */
export class ThreadStream extends Duplex {
  private port?: MessagePort;

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

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (e?: Error | null) => void): void {
    this.port?.postMessage(chunk);
    done();
  }

  override _writev(chunks: { chunk: Buffer }[], done: (e?: Error | null) => void): void {
    this.port?.postMessage(Buffer.concat(chunks.map((c) => c.chunk)));
    done();
  }

  override _final(done: (e?: Error | null) => void): void {
    this.port?.close();
    this.push(null);
    done();
  }

  override _destroy(err: Error | null, done: (e?: Error | null) => void): void {
    this.port?.close();
    done(err);
  }
}
