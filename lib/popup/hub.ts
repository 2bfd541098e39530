// Fans the live Port's "changed" notices out to whichever views are on screen.
import type { CacheStoreName } from '../messages/contract';

export type ChangeListener = (store: CacheStoreName, keys: string[]) => void;

export interface ChangeHub {
  subscribe(listener: ChangeListener): () => void;
  emit(store: CacheStoreName, keys: string[]): void;
}

export function createChangeHub(): ChangeHub {
  const listeners = new Set<ChangeListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(store, keys) {
      for (const listener of listeners) listener(store, keys);
    },
  };
}
