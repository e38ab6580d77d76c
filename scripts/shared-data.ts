import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/*
 * The shared project files (../shared beside the checkout: the spec, the real MARC files, the 中图法 tree, the ISBN
 * corpus) for tests and benches. The product never reads them. A git worktree (/work/wt/<name>) has no ../shared of
 * its own: the one beside its main checkout is used then.
 */

/** This checkout's root folder. */
export const CHECKOUT = resolve(import.meta.dirname, '..');

/**
 * The main checkout when `root` is a git worktree (its `.git` is a file naming `<main>/.git/worktrees/<name>`, whose
 * `commondir` leads to `<main>/.git`), else `root`.
 */
export function mainCheckout(root: string): string {
  try {
    const gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(join(root, '.git'), 'utf8'))?.[1]?.trim();
    if (!gitdir) return root;
    return dirname(resolve(gitdir, readFileSync(join(gitdir, 'commondir'), 'utf8').trim()));
  } catch {
    return root; // `.git` is a folder (the main checkout) or missing (an exported tree)
  }
}

/**
 * `../shared/<rel>` beside this checkout, or beside the main checkout of a worktree: the first that exists, else the
 * first (callers skip what is absent).
 */
export function sharedPath(rel: string): string {
  const candidates = [CHECKOUT, mainCheckout(CHECKOUT)].map((r) => join(r, '../shared', rel));
  return candidates.find((c) => existsSync(c)) ?? candidates[0];
}
