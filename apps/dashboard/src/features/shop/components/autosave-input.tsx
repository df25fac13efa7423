import { Loader, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAutosaveField } from '../hooks/use-autosave-field.ts';

export interface AutosaveInputProps {
  label: string;
  stored: string;
  saving: boolean;
  numeric?: boolean;
  /** Defaults to true. */
  required?: boolean;
  description?: string;
  placeholder?: string;
  validate: (value: string) => string | null;
  save: (value: string) => Promise<string | null>;
}

/**
 * A text or number field saved 1 s after typing stops or on blur. While a save runs it is read-only (it
 * keeps focus, unlike a disabled field) and shows a spinner.
 */
export function AutosaveInput({
  label,
  stored,
  saving,
  numeric,
  required = true,
  description,
  placeholder,
  validate,
  save,
}: AutosaveInputProps) {
  const { t } = useTranslation();
  const field = useAutosaveField(stored, save, validate);
  return (
    <TextInput
      label={label}
      value={field.value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={field.error}
      readOnly={saving}
      aria-busy={saving}
      rightSection={
        saving ? (
          <Loader size={14} />
        ) : field.saved ? (
          <IconCheck size={16} color="var(--mantine-color-teal-9)" aria-label={t('app.saved')} role="img" />
        ) : null
      }
      inputMode={numeric ? 'numeric' : undefined}
      required={required}
      description={description}
      placeholder={placeholder}
    />
  );
}
