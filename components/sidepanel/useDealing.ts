// The dealing controls (owned by the settings/dealing work, components/dealing) are a chunk of their own,
// loaded only once the account holds a dealing permit or a deal awaits reconciliation.
import { useEffect, useState } from 'preact/hooks';

export type DealingModule = typeof import('../dealing');

let loading: Promise<DealingModule> | null = null;

export function useDealingModule(enabled: boolean): DealingModule | null {
  const [module, setModule] = useState<DealingModule | null>(null);
  useEffect(() => {
    if (!enabled || module) return;
    let cancelled = false;
    loading ??= import('../dealing');
    loading.then(
      (m) => {
        if (!cancelled) setModule(m);
      },
      () => {
        loading = null;
      },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, module]);
  return enabled ? module : null;
}
