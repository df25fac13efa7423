import { useSyncExternalStore } from 'react';
import type { BlockingCode } from './api-error.ts';

let blocked: BlockingCode | null = null;
const listeners = new Set<() => void>();

/** A call answered that this page cannot work here (the first such answer wins). */
export function reportBlocked(code: BlockingCode): void {
  if (blocked) return;
  blocked = code;
  for (const listener of listeners) listener();
}

export function useBlocked(): BlockingCode | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => blocked,
  );
}

/** For tests. */
export const resetBlocked = () => {
  blocked = null;
};
