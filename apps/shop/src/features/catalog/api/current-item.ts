import { useSyncExternalStore } from 'react';

/**
 * The garment and model the page works with (spec §4): a garment or model fetch that succeeds makes its id the
 * current one, a fetch that fails clears it.
 */
export interface CurrentItems {
  garment: string | null;
  model: string | null;
}

let current: CurrentItems = { garment: null, model: null };
const listeners = new Set<() => void>();

export function setCurrent(kind: keyof CurrentItems, id: string | null): void {
  if (current[kind] === id) return;
  current = { ...current, [kind]: id };
  for (const listener of listeners) listener();
}

export const currentItems = (): CurrentItems => current;

export function useCurrentItems(): CurrentItems {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
