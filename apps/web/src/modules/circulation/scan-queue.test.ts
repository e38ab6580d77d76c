import { describe, expect, it } from 'vitest';
import { ScanQueue, type QueueOutcome } from './scan-queue.ts';

/** A server that answers in the reverse order of the requests, if it could. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('scan queue', () => {
  it('sends one request at a time in scan order and reports every scan, failures included', async () => {
    const outcomes: QueueOutcome<string>[] = [];
    const started: string[] = [];
    const answers = new Map<string, ReturnType<typeof deferred<string>>>();
    const q = new ScanQueue<string>((o) => outcomes.push(o));
    for (const code of ['A', 'B', 'C']) {
      answers.set(code, deferred<string>());
      q.push(code, () => {
        started.push(code);
        return answers.get(code)!.promise;
      });
    }
    expect(started).toEqual(['A']);
    expect(q.pending()).toEqual(['A', 'B', 'C']);
    answers.get('A')!.resolve('lent A');
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['A', 'B']);
    answers.get('B')!.reject(new Error('refused B'));
    await new Promise((r) => setTimeout(r, 0));
    // Scanned while C is waiting: queued behind it.
    answers.set('D', deferred<string>());
    q.push('D', () => {
      started.push('D');
      return answers.get('D')!.promise;
    });
    answers.get('C')!.resolve('lent C');
    await new Promise((r) => setTimeout(r, 0));
    answers.get('D')!.resolve('lent D');
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['A', 'B', 'C', 'D']);
    expect(outcomes.map((o) => [o.code, o.ok])).toEqual([
      ['A', true],
      ['B', false],
      ['C', true],
      ['D', true],
    ]);
    expect(q.pending()).toEqual([]);
    expect(q.busy).toBe(false);
  });
});
