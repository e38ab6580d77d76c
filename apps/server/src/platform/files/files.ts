import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Files under DATA_DIR/files (uploads, task results). Callers speak relative paths with '/' separators;
 * every path is resolved here and refused if it would leave the folder, so a crafted name cannot read
 * or write elsewhere.
 */
export function filesRoot(app: FastifyInstance): string {
  return path.join(app.config.dataDir, 'files');
}

const SEGMENT_OK = /^[\p{L}\p{N}._()\- ]+$/u;

/** Absolute path of a relative one, or null when it is unsafe (.., absolute, odd characters). */
export function resolveFile(app: FastifyInstance, rel: string): string | null {
  const parts = rel.split('/').filter(Boolean);
  if (!parts.length) return null;
  for (const p of parts) if (p === '.' || p === '..' || !SEGMENT_OK.test(p)) return null;
  const root = filesRoot(app);
  const abs = path.resolve(root, ...parts);
  return abs.startsWith(root + path.sep) ? abs : null;
}

/**
 * The absolute path of a file the caller's school uploaded, from the url the upload answered
 * (`/files/uploads/<school>/…`), or null when it is missing, unsafe or another school's (which is "missing", not a
 * way to read it). Imports throw their own "file missing" message on null.
 */
export function ownUpload(app: FastifyInstance, schoolId: number, url: string): string | null {
  const rel = url.replace(/^\/?files\//, '');
  const abs = rel.startsWith(`uploads/${schoolId}/`) ? resolveFile(app, rel) : null;
  return abs && fs.existsSync(abs) ? abs : null;
}

/** Relative path (under files/) of an absolute one inside the folder, else null. */
export function relativeFile(app: FastifyInstance, abs: string): string | null {
  const root = filesRoot(app);
  const r = path.resolve(abs);
  if (!r.startsWith(root + path.sep)) return null;
  return path.relative(root, r).split(path.sep).join('/');
}

/** Creates (if needed) and returns the absolute folder for a relative directory. */
export function ensureDir(app: FastifyInstance, relDir: string): string {
  const abs = resolveFile(app, relDir);
  if (!abs) throw new Error(`unsafe directory ${relDir}`);
  fs.mkdirSync(abs, { recursive: true });
  return abs;
}

/** A random, unguessable file name keeping a safe extension. */
export function randomName(original: string): string {
  const ext = path.extname(original).toLowerCase();
  return `${randomBytes(16).toString('hex')}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''}`;
}

/** Writes bytes to relDir/name and returns the relative path. */
export async function saveFile(app: FastifyInstance, relDir: string, name: string, data: Buffer): Promise<string> {
  const dir = ensureDir(app, relDir);
  await fs.promises.writeFile(path.join(dir, name), data);
  return `${relDir}/${name}`;
}

/** Stats a relative file; null when missing or unsafe. */
export async function statFile(app: FastifyInstance, rel: string): Promise<{ abs: string; size: number } | null> {
  const abs = resolveFile(app, rel);
  if (!abs) return null;
  try {
    const st = await fs.promises.stat(abs);
    return st.isFile() ? { abs, size: st.size } : null;
  } catch {
    return null;
  }
}

/** Content-Disposition with the UTF-8 file name (RFC 6266/5987) and an ASCII fallback. */
export function contentDisposition(fileName: string, inline = false): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.csv': 'text/csv; charset=utf-8',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
  '.mrc': 'application/marc',
  '.usmarc': 'application/marc',
};

export function contentType(name: string): string {
  return TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}
