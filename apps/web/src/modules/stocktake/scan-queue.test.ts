import type { ScanResult } from '@shuyuan/contracts/stocktake/stocktake';
import { describe, expect, it } from 'vitest';
import { type QueueItem, ScanQueue } from './scan-queue.ts';

const result = (item: QueueItem, seq: number): ScanResult => ({
  id: seq,
  seq,
  barcode: item.barcode,
  outcome: 'found',
  reason: '',
  copyId: seq,
  title: '',
  callNo: '',
  after: '',
});

async function drained(q: ScanQueue) {
  for (let i = 0; i < 200 && q.pending; i++) await new Promise((r) => setTimeout(r, 5));
}

describe('scan queue', () => {
  it('sends scans one at a time, in the order scanned, however fast they come', async () => {
    const sent: string[] = [];
    let inFlight = 0;
    let most = 0;
    const q = new ScanQueue(
      async (item) => {
        inFlight++;
        most = Math.max(most, inFlight);
        sent.push(item.barcode);
        await new Promise((r) => setTimeout(r, 10));
        inFlight--;
        return result(item, sent.length);
      },
      () => true,
      () => {},
    );
    for (const b of ['A1', 'A2', 'A3', 'A4']) q.push(b, false);
    expect(q.items.map((i) => i.barcode)).toEqual(['A4', 'A3', 'A2', 'A1']);
    await drained(q);
    expect(sent).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(most).toBe(1);
    expect(q.items.every((i) => i.state === 'done')).toBe(true);
  });

  it('retries a network failure with the same clientId and ends a refusal with its message', async () => {
    const ids: string[] = [];
    let failOnce = true;
    const q = new ScanQueue(
      async (item) => {
        ids.push(item.clientId);
        if (item.barcode === 'BAD') throw Object.assign(new Error('Barcode too short'), { final: true });
        if (failOnce) {
          failOnce = false;
          throw new Error('network');
        }
        return result(item, ids.length);
      },
      (e) => !!(e as { final?: boolean }).final,
      () => {},
      1,
    );
    q.push('B1', true);
    q.push('BAD', true);
    await drained(q);
    expect(ids[0]).toBe(ids[1]);
    const bad = q.items.find((i) => i.barcode === 'BAD');
    expect(bad).toMatchObject({ state: 'error', error: 'Barcode too short' });
    expect(q.items.find((i) => i.barcode === 'B1')?.state).toBe('done');
  });
});
