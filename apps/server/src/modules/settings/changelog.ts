import fs from 'node:fs';
import path from 'node:path';
import type { ChangelogEntry } from '@shuyuan/contracts/settings/release-note';

const FILE = path.resolve(import.meta.dirname, '../../../../../CHANGELOG.md');
let cache: { mtime: number; entries: ChangelogEntry[] } | undefined;

/** Parses `## <version> — <date>` sections and their list items. */
export function parseChangelog(text: string): ChangelogEntry[] {
  const out: ChangelogEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const h = /^##\s+\[?([^\]\s]+)\]?\s*(?:[—–-]\s*(\d{4}-\d{2}-\d{2}))?/.exec(line);
    if (h) {
      out.push({ version: h[1], date: h[2] ?? '', items: [] });
      continue;
    }
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (item && out.length) out.at(-1)!.items.push(item[1].trim());
    else if (line.trim() && out.length && out.at(-1)!.items.length && /^\s{2,}/.test(line)) {
      out.at(-1)!.items[out.at(-1)!.items.length - 1] += ` ${line.trim()}`;
    }
  }
  return out;
}

/** The product's change log, re-read when the file changes. */
export function changelog(file = FILE): ChangelogEntry[] {
  try {
    const mtime = fs.statSync(file).mtimeMs;
    if (!cache || cache.mtime !== mtime) cache = { mtime, entries: parseChangelog(fs.readFileSync(file, 'utf8')) };
    return cache.entries;
  } catch {
    return [];
  }
}
