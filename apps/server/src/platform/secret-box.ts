import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server must read back (the SMTP password) are stored encrypted with AES-256-GCM under a key that is
 * NOT in the database: `SECRET_KEY` (64 hex characters) or, by default, `<DATA_DIR>/secret.key`, created on first
 * start with mode 0600. A copy of the database alone does not reveal them. Several server processes on one
 * PostgreSQL must share the key: set SECRET_KEY on each.
 */
const PREFIX = 'enc1:';
let key: Buffer | null = null;

export function initSecretKey(opts: { dataDir: string; secretKey?: string }): void {
  if (opts.secretKey) {
    if (!/^[0-9a-f]{64}$/i.test(opts.secretKey)) throw new Error('SECRET_KEY must be 64 hexadecimal characters');
    key = Buffer.from(opts.secretKey, 'hex');
    return;
  }
  const file = path.join(opts.dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

function theKey(): Buffer {
  if (!key) throw new Error('secret key not initialised (initSecretKey)');
  return key;
}

/**
 * A key for one purpose (signing download links, …) derived from the secret key: the same on every server that
 * shares SECRET_KEY, so what one signs another accepts.
 */
export function derivedKey(purpose: string): Buffer {
  return createHmac('sha256', theKey()).update(`shuyuan:${purpose}`).digest();
}

/** Encrypts a secret for storage. */
export function seal(plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', theKey(), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return PREFIX + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
}

/** Decrypts a stored secret; a value stored before encryption existed (no prefix) is returned as is. */
export function unseal(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const d = createDecipheriv('aes-256-gcm', theKey(), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}
