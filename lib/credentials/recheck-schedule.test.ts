import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRecheckSchedule } from './recheck-schedule.ts';

describe('startRecheckSchedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    process.env.LOG_LEVEL = 'silent';
  });
  afterEach(() => vi.useRealTimers());

  it('sweeps first after firstAfterMs, then every interval, one sweep at a time, until stopped', async () => {
    let running = 0;
    let most = 0;
    const sweep = vi.fn(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // a sweep longer than the interval
      running -= 1;
      return { checked: 1, changed: 0, boardUnavailable: false };
    });
    const stop = startRecheckSchedule({ intervalMs: 1_000, firstAfterMs: 500, sweep });
    await vi.advanceTimersByTimeAsync(499);
    expect(sweep).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep).toHaveBeenCalledTimes(1);
    // The next sweep is planned from the end of this one: 2.5 s of sweep, then 1 s.
    await vi.advanceTimersByTimeAsync(3_400);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    await vi.advanceTimersByTimeAsync(3_500); // the third starts
    expect(sweep).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sweep).toHaveBeenCalledTimes(3); // the one under way when stopped finishes; none follows
  });

  it('keeps its schedule after a sweep fails', async () => {
    const sweep = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue({ checked: 0, changed: 0, boardUnavailable: false });
    const stop = startRecheckSchedule({ intervalMs: 1_000, firstAfterMs: 10, sweep });
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sweep).toHaveBeenCalledTimes(3);
    stop();
  });
});
