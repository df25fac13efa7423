import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Runs a pending call now (on blur). */
  flush(): void;
  cancel(): void;
}

/**
 * Calls `fn` once `delayMs` has passed without another call (spec §9: search, key and shop saves, 1 s).
 * The latest `fn` is used, and a pending call runs when the component unmounts, so no edit is lost.
 */
export function useDebouncedCallback<A extends unknown[]>(
  fn: (...args: A) => void,
  delayMs: number,
): Debounced<A> {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<A | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const args = pending.current;
    pending.current = undefined;
    if (args) fnRef.current(...args);
  }, []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = undefined;
  }, []);

  useEffect(() => flush, [flush]);

  return useMemo(() => {
    const debounced = (...args: A) => {
      pending.current = args;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    };
    return Object.assign(debounced, { flush, cancel });
  }, [delayMs, flush, cancel]);
}
