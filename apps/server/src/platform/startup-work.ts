/**
 * Background work a module starts after start-up without waiting for it (the full CLC install, the search index
 * rebuild). Kept here so a browser-test harness can wait for it (auth/test-harness.ts): a data folder or database
 * copied as the template of every browser-test server then holds its result, instead of each copy redoing it.
 */
const pending = new Set<Promise<unknown>>();

/** Registers `work` (answers it unchanged). */
export function startupWork<T>(work: Promise<T>): Promise<T> {
  pending.add(work);
  const forget = () => pending.delete(work);
  work.then(forget, forget);
  return work;
}

/** Resolves once every registered piece of start-up work has ended, failed ones included. */
export async function startupWorkDone(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
