'use client';

import { useEffect, useEffectEvent } from 'react';

/** The longest wait between polls after failures (the API's per-IP limit answers 429 when spent). */
const MAX_BACKOFF_MS = 15_000;

/**
 * While `active`, call `tick` every `everyMs` (the next one only once the last has answered, so
 * slow answers never pile up). A failed tick doubles the wait up to 15 s, and a hidden tab skips
 * its polls: a page left open in the background does not spend the API's request budget.
 */
export function useLivePoll(active: boolean, tick: () => Promise<unknown>, everyMs = 1000): void {
  const onTick = useEffectEvent(tick);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = everyMs;
    const run = async () => {
      if (!document.hidden) {
        try {
          await onTick();
          wait = everyMs;
        } catch {
          wait = Math.min(wait * 2, MAX_BACKOFF_MS);
        }
      }
      if (!stopped) timer = setTimeout(run, wait);
    };
    timer = setTimeout(run, everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, everyMs]);
}
