import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** Spec §9: key edits (status, allowed domains) are saved 1 s after the last change. */
export const KEY_SAVE_DELAY_MS = 1000;

/** Local value of a key field, saved after the debounce when it differs from the stored one. */
export function useDebouncedKeyField<T>(stored: T, save: (value: T) => void) {
  const [value, setValue] = useState(stored);
  useEffect(() => setValue(stored), [stored]);
  const commit = useDebouncedCallback(
    (next: T) => {
      if (next !== stored) save(next);
    },
    { delay: KEY_SAVE_DELAY_MS, flushOnUnmount: true },
  );
  return {
    value,
    change: (next: T) => {
      setValue(next);
      commit(next);
    },
    flush: commit.flush,
  };
}
