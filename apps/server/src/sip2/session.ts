import type { Socket } from 'node:net';
import type { Lang } from '@shuyuan/contracts/common/lang';
import type { Db } from '../db/client.ts';
import { t } from '../platform/i18n/messages.ts';
import { checkin, checkout, itemInformation, renew, renewAll } from './item.handlers.ts';
import { blockPatron, patronEnable, patronInformation, patronStatus } from './patron.handlers.ts';
import type { CirculationPort } from './port.ts';
import { decode, decodeGuess } from './protocol/charset.ts';
import { verifyChecksum } from './protocol/checksum.ts';
import { buildMessage, fieldValue, parseMessage, SipParseError, type SipMessage } from './protocol/codec.ts';
import { FIELD as F } from './protocol/messages.ts';
import { LineSplitter, looksLikeSip } from './framing.ts';
import { PinMarks } from './pin-marks.ts';
import type { HandlerEnv, Reply } from './reply.ts';
import { checkSipLogin, type SipLogin } from './sip-account.service.ts';
import type { Sip2LogWriter } from './sip2-log.ts';
import { acsStatus, endSession, loginReply } from './status.handlers.ts';

export interface SessionDeps {
  db: Db;
  log: Sip2LogWriter;
  timeZone: string;
  idleTimeoutMs: number;
  maxLineBytes: number;
  maxRetries: number;
  maxLoginFailures: number;
  circulation: () => CirculationPort | undefined;
  onError: (e: unknown) => void;
}

const CR = Buffer.from('\r');
/** Lines waiting while one is answered; a machine waits for each answer, so a long queue is a flood. */
const MAX_QUEUE = 32;
const CIRCULATION = {
  '23': patronStatus,
  '63': patronInformation,
  '11': checkout,
  '09': checkin,
  '17': itemInformation,
  '29': renew,
  '01': blockPatron,
  '25': patronEnable,
  '65': renewAll,
} as const;

/**
 * One TCP connection from a self-check machine. Lines are answered strictly in order. The connection must sign
 * in (93) before anything but 93/99; bad checksums and malformed messages get 96 up to maxRetries times in a row,
 * then the connection is closed; garbage and over-long lines close it at once.
 */
export class SipSession {
  private lines: LineSplitter;
  private queue: Buffer[] = [];
  private busy = false;
  private closed = false;
  private login: SipLogin | undefined;
  private terminal: string | null = null;
  private lastResponse: Buffer | undefined;
  private errors = 0;
  private loginFailures = 0;
  private ip: string | null;
  /** PINs verified on this connection (a machine sends the patron's PIN with every message). */
  private readonly pins = new PinMarks();

  constructor(
    private socket: Socket,
    private deps: SessionDeps,
  ) {
    this.lines = new LineSplitter(deps.maxLineBytes);
    this.ip = socket.remoteAddress ?? null;
    socket.setNoDelay(true);
    socket.setTimeout(deps.idleTimeoutMs, () => this.close());
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', () => this.close());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue = [];
    // end() lets an answer already written reach the machine; destroy() follows in case it never reads.
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  private onData(chunk: Buffer): void {
    if (this.closed) return;
    const lines = this.lines.push(chunk);
    if (lines === 'overflow' || this.queue.length + lines.length > MAX_QUEUE) {
      this.record('??', chunk.subarray(0, 200).toString('latin1'), null, false, performance.now());
      this.close();
      return;
    }
    this.queue.push(...lines);
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.queue.length && !this.closed) await this.handle(this.queue.shift()!);
    } catch (e) {
      // A bug must cost this connection at most, never the process.
      this.deps.onError(e);
      this.close();
    } finally {
      this.busy = false;
    }
  }

  private async handle(line: Buffer): Promise<void> {
    const t0 = performance.now();
    if (!looksLikeSip(line)) {
      this.record('??', line.subarray(0, 200).toString('latin1'), null, false, t0);
      return this.close();
    }
    const check = verifyChecksum(line);
    const text = this.login ? decode(line, this.login.charset) : decodeGuess(line);
    if (check === 'bad') return this.requestResend(text, t0);
    let msg: SipMessage;
    try {
      msg = parseMessage(text);
    } catch (e) {
      if (!(e instanceof SipParseError)) throw e;
      // An identifier we do not handle: logged, not answered (as Koha and Evergreen do), and not a reason to close.
      if (e.reason === 'unknown') return this.record(text.slice(0, 2), text, null, false, t0);
      return this.requestResend(text, t0, check === 'ok');
    }
    this.errors = 0;
    if (msg.code === '97') {
      if (this.lastResponse) this.socket.write(this.lastResponse);
      return this.record('97', text, this.lastResponse ? this.lastText : null, !!this.lastResponse, t0);
    }
    if (!this.login && msg.code !== '93' && msg.code !== '99') {
      this.record(msg.code, text, null, false, t0);
      return this.close();
    }
    const reply = await this.dispatch(msg);
    if (!reply) return this.record(msg.code, text, null, false, t0);
    this.send(reply, msg);
    this.record(msg.code, text, this.lastText, reply.success, t0);
    if (msg.code === '93' && !reply.success && this.loginFailures >= this.deps.maxLoginFailures) this.close();
  }

  private lastText: string | null = null;

  private send(reply: Reply, msg: SipMessage): void {
    const { text, bytes } = buildMessage(reply.code, reply.fixed, reply.fields, {
      charset: this.login?.charset,
      errorDetection: msg.errorDetection,
      sequence: msg.sequence,
    });
    this.lastResponse = Buffer.concat([bytes, CR]);
    this.lastText = text;
    this.socket.write(this.lastResponse);
  }

  /** 96: the message was damaged; the machine sends it again. 96 itself is never resent by a 97. */
  private requestResend(text: string, t0: number, errorDetection = true): void {
    this.errors++;
    if (this.errors > this.deps.maxRetries) {
      this.record(text.slice(0, 2), text, null, false, t0);
      this.close();
      return;
    }
    const { text: out, bytes } = buildMessage('96', {}, [], { errorDetection });
    this.socket.write(Buffer.concat([bytes, CR]));
    this.record(text.slice(0, 2), text, out, false, t0);
  }

  private async dispatch(msg: SipMessage): Promise<Reply | undefined> {
    const now = new Date();
    if (msg.code === '93') return this.signIn(msg);
    if (msg.code === '99') {
      const circulation = !!this.deps.circulation();
      return acsStatus({ login: this.login, terminal: this.terminal, circulation, now, timeZone: this.deps.timeZone });
    }
    const login = this.login!;
    if (msg.code === '35') return endSession(msg, login, now);
    if (!(msg.code in CIRCULATION)) return undefined;
    const env: HandlerEnv = {
      msg,
      login,
      ctx: {
        db: this.deps.db,
        schoolId: login.schoolId,
        lang: login.lang,
        terminal: this.terminal,
        timeZone: login.timeZone,
        pins: this.pins,
      },
      port: this.deps.circulation(),
      now,
      say: (key: string, lang?: Lang) => t(lang ?? login.lang, key, undefined, login.schoolId),
      onError: this.deps.onError,
    };
    return CIRCULATION[msg.code as keyof typeof CIRCULATION](env);
  }

  private pendingSchool = 0;

  private async signIn(msg: SipMessage): Promise<Reply> {
    const res = await checkSipLogin(
      this.deps.db,
      fieldValue(msg, F.loginUserId) ?? '',
      fieldValue(msg, F.loginPassword) ?? '',
    );
    const cp = fieldValue(msg, F.locationCode);
    if (!res.ok) {
      this.loginFailures++;
      // A failed 93 on a signed-in connection leaves it signed in as before (answer 940); it only counts as a
      // failure towards closing the connection.
      if (!this.login) {
        this.pendingSchool = res.account?.schoolId ?? 0;
        this.terminal = cp || null;
      }
      return loginReply(false);
    }
    this.pins.clear();
    this.pendingSchool = res.account!.schoolId;
    this.login = res.account;
    this.terminal = cp || res.account!.locationCode || null;
    return loginReply(true);
  }

  private record(command: string, request: string, response: string | null, success: boolean, t0: number): void {
    this.deps.log.write({
      schoolId: this.login?.schoolId ?? this.pendingSchool,
      terminal: this.terminal,
      command,
      request,
      response,
      success,
      ip: this.ip,
      durationMs: performance.now() - t0,
    });
  }
}
