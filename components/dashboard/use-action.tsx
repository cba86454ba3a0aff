'use client';

import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { describeError } from './api-errors.ts';

export interface ActionOutcome {
  /** Words, or words with a link (a PDF tool's new version). */
  ok?: ReactNode;
  error?: string;
}

/**
 * Run a form's action and keep its outcome in words: `run(work, 'Saved.')` shows the success
 * text, or the API's error in words (`describe`, describeError unless a panel words its own
 * refusals); `busy` is true meanwhile. One place for what every form repeats.
 */
export function useAction(describe: (err: unknown) => string = describeError) {
  const [outcome, setOutcome] = useState<ActionOutcome>({});
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T,>(work: () => Promise<T>, success?: ReactNode | ((result: T) => ReactNode)): Promise<T | undefined> => {
      setBusy(true);
      setOutcome({});
      try {
        const result = await work();
        if (success) setOutcome({ ok: typeof success === 'function' ? success(result) : success });
        return result;
      } catch (err) {
        setOutcome({ error: describe(err) });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [describe],
  );
  return { outcome, busy, run, setOutcome };
}

/** A form's outcome: the error as an alert, the success as a status message. */
export function Outcome({ ok, error }: ActionOutcome) {
  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (ok)
    return (
      <p className="success" role="status">
        {ok}
      </p>
    );
  return null;
}

/**
 * What a panel shows before its first answer: a loading line, or the error in words. null once
 * there is data to show (later refreshes keep the data on screen).
 */
export function FirstLoad({ loading, error, hasData, what }: { loading: boolean; error?: unknown; hasData: boolean; what: string }) {
  if (hasData) return null;
  if (error)
    return (
      <p className="error" role="alert">
        {describeError(error)}
      </p>
    );
  if (loading)
    return (
      <p className="muted" role="status">
        Loading {what}…
      </p>
    );
  return null;
}
