import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** Spec §9: shop edits are saved 1 s after typing stops, or at once on blur. */
export const AUTOSAVE_DELAY_MS = 1000;

/**
 * A field that saves itself: `save` is called with the edited text once it settles, when it differs from what
 * is stored and passes `validate`. A new stored value (after a save or a refetch) resets the field.
 */
export function useAutosaveField(
  stored: string,
  save: (value: string) => void,
  validate: (value: string) => string | null,
) {
  const [value, setValue] = useState(stored);
  useEffect(() => setValue(stored), [stored]);
  const commit = useDebouncedCallback(
    (next: string) => {
      if (next !== stored && validate(next) === null) save(next);
    },
    { delay: AUTOSAVE_DELAY_MS, flushOnUnmount: true },
  );
  return {
    value,
    error: validate(value),
    onChange: (next: string) => {
      setValue(next);
      commit(next);
    },
    onBlur: () => commit.flush(),
  };
}
