import net from 'node:net';
import { type SipCharset, decode, encode } from './protocol/charset.ts';
import { checksum } from './protocol/checksum.ts';

/** Appends AY<seq>AZ<checksum> to a request, as a machine with error detection on does. */
export function withChecksum(text: string, seq = 0, charset: SipCharset = 'utf-8'): Buffer {
  const head = encode(`${text}AY${seq}AZ`, charset);
  return Buffer.concat([head, Buffer.from(checksum(head), 'latin1')]);
}

/**
 * A minimal self-check machine for tests and the bench: sends lines, reads CR-terminated answers in order,
 * and notices when the server closes the connection.
 */
export class SipTestClient {
  private buf = Buffer.alloc(0);
  private waiting: ((line: Buffer | null) => void)[] = [];
  private ready: Buffer[] = [];
  isClosed = false;
  readonly closed: Promise<void>;

  private constructor(private socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      for (let i = this.buf.indexOf(13); i >= 0; i = this.buf.indexOf(13)) {
        const line = this.buf.subarray(0, i);
        this.buf = this.buf.subarray(i + 1);
        const w = this.waiting.shift();
        if (w) w(line);
        else this.ready.push(line);
      }
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        for (const w of this.waiting.splice(0)) w(null);
        resolve();
      }),
    );
  }

  static connect(port: number): Promise<SipTestClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect({ port, host: '127.0.0.1' }, () => resolve(new SipTestClient(s)));
      s.once('error', reject);
    });
  }

  /** Sends text (or raw bytes) followed by CR. */
  send(line: string | Buffer, terminator = '\r'): void {
    this.socket.write(Buffer.concat([typeof line === 'string' ? Buffer.from(line) : line, Buffer.from(terminator)]));
  }

  writeRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /**
   * The next answer's raw bytes; null when the server closed first; rejects after timeoutMs (3 s, stretched by
   * TEST_TIMEOUT_SCALE on a loaded machine).
   */
  nextBytes(timeoutMs = 3000 * (Number(process.env.TEST_TIMEOUT_SCALE) || 1)): Promise<Buffer | null> {
    const r = this.ready.shift();
    if (r) return Promise.resolve(r);
    if (this.isClosed) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no SIP2 answer in time')), timeoutMs);
      this.waiting.push((line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
  }

  async next(charset: SipCharset = 'utf-8', timeoutMs?: number): Promise<string | null> {
    const b = await this.nextBytes(timeoutMs);
    return b && decode(b, charset);
  }

  async request(line: string | Buffer, charset: SipCharset = 'utf-8'): Promise<string | null> {
    this.send(line);
    return this.next(charset);
  }

  end(): void {
    this.socket.destroy();
  }
}
