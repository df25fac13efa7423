import { PinInput } from '@mantine/core';
import { SIGNIN_CODE_LENGTH } from '@tryon/contract';
import { useTranslation } from 'react-i18next';

/**
 * Four single-digit boxes (spec §4): digits only, focus moves on as you type, a full code submits itself.
 * The parent clears and refocuses them by changing `key` (a fresh mount with autofocus).
 */
export function CodeBoxes({
  onComplete,
  disabled,
}: {
  onComplete: (code: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PinInput
      data-testid="code-boxes"
      length={SIGNIN_CODE_LENGTH}
      type="number"
      inputMode="numeric"
      oneTimeCode
      autoFocus
      size="lg"
      placeholder=""
      disabled={disabled}
      onComplete={onComplete}
      getInputProps={(index) => ({ 'aria-label': t('login.digit', { n: index + 1 }) })}
    />
  );
}
