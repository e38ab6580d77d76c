import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloads, fromJob } from './downloads/downloads.ts';

describe('download tasks (spec §2, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    downloads.clear();
    vi.useRealTimers();
  });

  it('polls every second until Progress reaches DataCount, then offers the file', async () => {
    let progress = 0;
    const poll = vi.fn(async (id: number) => {
      progress += 40;
      const done = progress >= 100;
      return {
        ID: id,
        FileName: 'readers.xlsx',
        DataCount: 100,
        Progress: Math.min(progress, 100),
        State: done ? 2 : 1,
        ResultFile: done ? `/f?ID=${id}` : '',
      } as const;
    });
    downloads.setPoller(poll);
    downloads.track({ id: 9, fileName: 'readers.xlsx' });
    await vi.advanceTimersByTimeAsync(0);
    expect(downloads.get()[0]).toMatchObject({ percent: 40, done: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(downloads.get()[0]).toMatchObject({ percent: 80, done: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(downloads.get()[0]).toMatchObject({ percent: 100, done: true, resultFile: '/f?ID=9' });
    const calls = poll.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(poll.mock.calls.length).toBe(calls); // finished tasks are no longer polled
  });

  it('lists at most 5 tasks, newest first, and stops polling those that drop off', async () => {
    const poll = vi.fn(async (_id: number) => ({ DataCount: 10, Progress: 1, State: 1 as const, ResultFile: '' }));
    downloads.setPoller(poll);
    for (let i = 1; i <= 7; i++) downloads.track({ id: i, fileName: `f${i}` });
    expect(downloads.get().map((t) => t.id)).toEqual([7, 6, 5, 4, 3]);
    poll.mockClear();
    await vi.advanceTimersByTimeAsync(1000);
    expect(poll.mock.calls.map((c) => c[0]).sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('marks a failed or stopped job, and one whose progress cannot be read', async () => {
    expect(fromJob({ State: 3, Error: 'disk full' })).toMatchObject({ failed: true, error: 'disk full' });
    expect(fromJob({ State: 4 })).toMatchObject({ failed: true });
    downloads.setPoller(async () => {
      throw new Error('network');
    });
    downloads.track({ id: 1, fileName: 'x' });
    await vi.advanceTimersByTimeAsync(6000);
    expect(downloads.get()[0].failed).toBe(true);
  });

  it('never shows 100 % before the file exists', () => {
    expect(fromJob({ DataCount: 10, Progress: 10, State: 1, ResultFile: '' })).toMatchObject({
      done: false,
      percent: 99,
    });
    expect(fromJob({ DataCount: 10, Progress: 10, State: 1, ResultFile: '/r' })).toMatchObject({
      done: true,
      percent: 100,
    });
  });
});
