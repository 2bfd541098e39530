import { useEffect } from 'preact/hooks';
import { usePanel } from './context';

/** Calls `reload` whenever a deal finishes anywhere in this panel (while the dealing controls are loaded). */
export function useReloadAfterDeal(reload: () => Promise<void>) {
  const { dealing } = usePanel();
  useEffect(() => {
    if (!dealing) return;
    const onDealt = () => void reload();
    window.addEventListener(dealing.DEALT_EVENT, onDealt);
    return () => window.removeEventListener(dealing.DEALT_EVENT, onDealt);
  }, [dealing, reload]);
}
