import { describe, expect, it } from 'vitest';
import { type BorrowStep, BorrowSession, type SessionReader } from './borrow-session.ts';
import type { QueueOutcome } from './scan-queue.ts';

interface Loan {
  code: string;
  account: string;
}

/** A slow fake server: every answer waits until the test releases it, so scans pile up in the queue. */
function fakeDesk(readers: string[], copies: string[]) {
  const waiting: (() => void)[] = [];
  const slow = <T>(answer: () => T) =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        try {
          resolve(answer());
        } catch (e) {
          reject(e);
        }
      });
    });
  const lentTo = new Map<string, string>();
  const calls: string[] = [];
  const deps = {
    reader: (code: string) => {
      calls.push(`reader ${code}`);
      return slow<SessionReader>(() => {
        if (!readers.includes(code)) throw new Error(`no reader ${code}`);
        return { account: code, name: `N-${code}` };
      });
    },
    borrow: (account: string, code: string) => {
      calls.push(`borrow ${account} ${code}`);
      return slow<Loan>(() => {
        if (!copies.includes(code)) throw Object.assign(new Error(`no copy ${code}`), { notCopy: true });
        if (lentTo.has(code)) throw new Error(`on loan ${code}`);
        lentTo.set(code, account);
        return { code, account };
      });
    },
    isNotCopy: (e: unknown) => Boolean((e as { notCopy?: boolean }).notCopy),
    noReader: (code: string) => new Error(`scan a reader card first: ${code}`),
  };
  /** Lets every pending and following request answer until the queue is idle. */
  const settle = async () => {
    for (let i = 0; i < 200; i++) {
      const next = waiting.shift();
      if (next) next();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { deps, settle, lentTo, calls };
}

function session(desk: ReturnType<typeof fakeDesk>) {
  const outcomes: QueueOutcome<BorrowStep<SessionReader, Loan>>[] = [];
  const onScreen: (string | null)[] = [];
  const s = new BorrowSession<SessionReader, Loan>(
    { ...desk.deps, onReader: (r) => onScreen.push(r?.account ?? null) },
    (o) => outcomes.push(o),
  );
  const summary = () =>
    outcomes.map((o) =>
      o.ok
        ? o.value.kind === 'reader'
          ? `${o.code}: reader`
          : `${o.code}: lent to ${o.value.loan.account}`
        : `${o.code}: ${(o.error as Error).message}`,
    );
  return { s, outcomes, onScreen, summary };
}

describe('the borrow desk scan sequence', () => {
  it('lends each copy to the reader whose card came before it, even when scanned before any answer', async () => {
    const desk = fakeDesk(['R1', 'R2'], ['C1', 'C2', 'C3']);
    const { s, summary, onScreen } = session(desk);
    // All five scans happen before the server has answered anything.
    for (const code of ['R1', 'C1', 'C2', 'R2', 'C3']) s.scan(code);
    expect(s.pending()).toEqual(['R1', 'C1', 'C2', 'R2', 'C3']);
    // Only the reader lookup is in flight: the copies wait for it instead of being looked up as readers.
    expect(desk.calls).toEqual(['reader R1']);
    await desk.settle();
    expect(summary()).toEqual(['R1: reader', 'C1: lent to R1', 'C2: lent to R1', 'R2: reader', 'C3: lent to R2']);
    expect([...desk.lentTo]).toEqual([
      ['C1', 'R1'],
      ['C2', 'R1'],
      ['C3', 'R2'],
    ]);
    expect(onScreen).toEqual(['R1', 'R2']);
    expect(s.pending()).toEqual([]);
  });

  it('keeps copies queued before Esc with their reader and asks for a card after it', async () => {
    const desk = fakeDesk(['R1', 'R2'], ['C1', 'C2']);
    const { s, summary, onScreen } = session(desk);
    s.scan('R1');
    s.scan('C1');
    s.nextReader();
    s.scan('C2');
    s.scan('R2');
    await desk.settle();
    expect(summary()).toEqual(['R1: reader', 'C1: lent to R1', 'C2: scan a reader card first: C2', 'R2: reader']);
    expect(onScreen).toEqual(['R1', null, 'R2']);
  });

  it('reports a refused copy and an unknown code against their barcodes and goes on', async () => {
    const desk = fakeDesk(['R1'], ['C1', 'C2']);
    const { s, summary } = session(desk);
    for (const code of ['R1', 'C1', 'C1', 'XX', 'C2']) s.scan(code);
    await desk.settle();
    expect(summary()).toEqual(['R1: reader', 'C1: lent to R1', 'C1: on loan C1', 'XX: no copy XX', 'C2: lent to R1']);
  });

  it('waits for the reader to verify before lending, and lends nothing when verification is cancelled', async () => {
    const desk = fakeDesk(['R1', 'R2'], ['C1', 'C2']);
    const outcomes: QueueOutcome<BorrowStep<SessionReader, Loan>>[] = [];
    const tokens: string[] = [];
    const verifications: { account: string; ok: (t: string) => void; cancel: () => void }[] = [];
    const s = new BorrowSession<SessionReader, Loan>(
      {
        ...desk.deps,
        borrow: (account, code, token) => {
          tokens.push(`${code}:${token}`);
          return desk.deps.borrow(account, code);
        },
        verify: (r) =>
          new Promise<string>((ok, no) =>
            verifications.push({ account: r.account, ok, cancel: () => no(new Error('cancelled')) }),
          ),
        onReader: () => {},
      },
      (o) => outcomes.push(o),
    );
    for (const code of ['R1', 'C1', 'R2', 'C2']) s.scan(code);
    await desk.settle();
    expect(verifications.map((v) => v.account)).toEqual(['R1']);
    expect(desk.calls).toEqual(['reader R1']);
    verifications[0].ok('T1');
    await desk.settle();
    expect(verifications.map((v) => v.account)).toEqual(['R1', 'R2']);
    verifications[1].cancel();
    await desk.settle();
    expect(tokens).toEqual(['C1:T1', 'R2:T1']);
    expect(outcomes.map((o) => `${o.code} ${o.ok ? o.value.kind : (o.error as Error).message}`)).toEqual([
      'R1 reader',
      'C1 lent',
      'R2 cancelled',
      'C2 scan a reader card first: C2',
    ]);
  });
});
