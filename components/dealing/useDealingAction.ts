import { useState } from 'preact/hooks';
import type { ErrorView, Reply } from '../../lib/messages/contract';
import type { DealOutcome } from '../../lib/model';
import type { DealVerb } from './DealOutcomeView';
import { announceDealt, refreshDealingState } from './dealingState';

/** Runs one dealing request at a time and keeps its outcome or error for display. */
export function useDealingAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);
  const [outcome, setOutcome] = useState<DealOutcome | null>(null);
  const [verb, setVerb] = useState<DealVerb>('change');

  /** `mutation`: the request may change the account (not a quote), so views are told afterwards. */
  async function run<T>(
    request: () => Promise<Reply<T>>,
    onData?: (data: T) => void,
    mutation = true,
  ): Promise<T | null> {
    if (busy) return null;
    setBusy(true);
    setError(null);
    setOutcome(null);
    try {
      const reply = await request();
      if (!reply.ok) {
        setError(reply.error);
        return null;
      }
      onData?.(reply.data);
      return reply.data;
    } finally {
      setBusy(false);
      refreshDealingState();
      if (mutation) announceDealt();
    }
  }

  /** Sends a change to a position or an order; its outcome is shown as `verb` (change, close, deletion). */
  function settle(
    changeVerb: DealVerb,
    request: () => Promise<Reply<DealOutcome>>,
    then: () => void,
  ): Promise<unknown> {
    setVerb(changeVerb);
    return run(request, (o) => {
      setOutcome(o);
      then();
    });
  }

  return { busy, error, outcome, verb, setOutcome, setError, run, settle };
}
