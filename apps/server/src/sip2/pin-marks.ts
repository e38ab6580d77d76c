import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The patron passwords (AD) one SIP2 connection verified lately. A self-check machine sends the patron's PIN with
 * every message of a visit (23, 63, then 11 per book); the stored password hash is slow on purpose (scrypt,
 * ~50–250 ms), so checking it on every message made a checkout with a PIN 20× slower than one without.
 *
 * A mark says "this PIN matched this reader's stored hash on this connection at time T": an HMAC, under a key
 * drawn for the connection, of the reader, the PIN and the stored hash. It holds for `ttlMs` (5 minutes: one
 * visit). Same security as checking every time: a wrong PIN never matches a mark (its HMAC differs, so it goes to
 * the hash check and is refused); a changed password changes the stored hash, so its marks stop matching; marks
 * live only in this connection's memory and die with it (or a new sign-in, 93).
 */
export class PinMarks {
  private key = randomBytes(32);
  private readonly marks = new Map<number, { mac: Buffer; until: number }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    /** A machine serves one patron at a time: a few marks are plenty (the oldest go first). */
    private readonly max = 32,
  ) {}

  private mac(readerId: number, pin: string, storedHash: string): Buffer {
    return createHmac('sha256', this.key).update(`${readerId}\0${storedHash}\0`).update(pin).digest();
  }

  /** True when this PIN was verified against this stored hash of this reader within the last `ttlMs`. */
  has(readerId: number, pin: string, storedHash: string, now = Date.now()): boolean {
    const m = this.marks.get(readerId);
    if (!m) return false;
    if (m.until <= now) {
      this.marks.delete(readerId);
      return false;
    }
    return timingSafeEqual(m.mac, this.mac(readerId, pin, storedHash));
  }

  /** Remembers a PIN the hash check just accepted. */
  add(readerId: number, pin: string, storedHash: string, now = Date.now()): void {
    this.marks.delete(readerId);
    if (this.marks.size >= this.max) this.marks.delete(this.marks.keys().next().value as number);
    this.marks.set(readerId, { mac: this.mac(readerId, pin, storedHash), until: now + this.ttlMs });
  }

  /** Forgets every mark (a new sign-in on the connection), with a new key. */
  clear(): void {
    this.marks.clear();
    this.key = randomBytes(32);
  }
}
