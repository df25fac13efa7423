import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** Spec §9: shop edits are saved 1 s after typing stops, or at once on blur. */
export const AUTOSAVE_DELAY_MS = 1000;

/**
 * A field that saves itself: `save` is called with the edited text once it settles, when it differs from what
 * is stored and passes `validate`. A new stored value (after a save or a refetch) resets the field. When the
 * server refuses a value, `save` answers why, and the field shows it until the next edit.
 */
export function useAutosaveField(
  stored: string,
  save: (value: string) => Promise<string | null>,
  validate: (value: string) => string | null,
) {
  const [value, setValue] = useState(stored);
  const [refused, setRefused] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setValue(stored), [stored]);
  const commit = useDebouncedCallback(
    async (next: string) => {
      if (next === stored || validate(next) !== null) return;
      const reason = (await save(next)) ?? null;
      setRefused(reason);
      setSaved(reason === null);
    },
    { delay: AUTOSAVE_DELAY_MS, flushOnUnmount: true },
  );
  return {
    value,
    error: validate(value) ?? refused,
    /** The last edit is saved (shown beside the field until the next edit). */
    saved,
    onChange: (next: string) => {
      setValue(next);
      setRefused(null);
      setSaved(false);
      commit(next);
    },
    onBlur: () => commit.flush(),
  };
}
