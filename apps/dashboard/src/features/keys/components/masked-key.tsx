import { Code, Tooltip, UnstyledButton } from '@mantine/core';
import { PRIVATE_KEY_VISIBLE_CHARS } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: a private key shows its first 4 characters; a click reveals or hides the rest. */
export const maskKey = (key: string) => `${key.slice(0, PRIVATE_KEY_VISIBLE_CHARS)}${'•'.repeat(16)}`;

export function MaskedKey({ value }: { value: string }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  return (
    <Tooltip label={t('keys.reveal')} withArrow openDelay={400}>
      <UnstyledButton onClick={() => setRevealed((r) => !r)} aria-pressed={revealed} data-testid="masked-key">
        <Code style={{ wordBreak: 'break-all' }}>{revealed ? value : maskKey(value)}</Code>
      </UnstyledButton>
    </Tooltip>
  );
}
