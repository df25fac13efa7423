import { NativeSelect } from '@mantine/core';
import { KEY_STATUS_ACTIVE, KEY_STATUS_INACTIVE } from '@tryon/contract';
import { useTranslation } from 'react-i18next';

export type KeyStatus = typeof KEY_STATUS_ACTIVE | typeof KEY_STATUS_INACTIVE;

export function KeyStatusSelect({
  value,
  onChange,
  label,
}: {
  value: KeyStatus;
  onChange: (s: KeyStatus) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      w={120}
      aria-label={label}
      value={String(value)}
      data={[
        { value: String(KEY_STATUS_ACTIVE), label: t('keys.active') },
        { value: String(KEY_STATUS_INACTIVE), label: t('keys.inactive') },
      ]}
      onChange={(event) =>
        onChange(Number(event.currentTarget.value) >= 0 ? KEY_STATUS_ACTIVE : KEY_STATUS_INACTIVE)
      }
    />
  );
}
