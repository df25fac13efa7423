import { TextInput } from '@mantine/core';
import { KEY_NAME_MAX, type KeyEntry } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { useDebouncedKeyField } from '../hooks/use-debounced-key-field.ts';
import type { KeyActions } from '../hooks/use-key-actions.ts';

/** A key's name, saved 1 s after the last change like the other key fields. */
export function KeyNameInput({
  entry,
  actions,
  keyLabel,
}: {
  entry: KeyEntry;
  actions: KeyActions;
  keyLabel: string;
}) {
  const { t } = useTranslation();
  const name = useDebouncedKeyField(entry.name, (next) =>
    actions.update({ key: entry.apiKey, name: next.trim() }),
  );
  return (
    <TextInput
      size="xs"
      miw={140}
      maxLength={KEY_NAME_MAX}
      aria-label={t('keys.nameOf', { key: keyLabel })}
      placeholder={t('keys.namePlaceholder')}
      value={name.value}
      onChange={(event) => name.change(event.currentTarget.value)}
      onBlur={name.flush}
      data-testid="key-name"
    />
  );
}
