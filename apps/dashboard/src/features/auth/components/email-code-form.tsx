import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '../../../lib/api/api-error.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import { authCalls } from '../api/auth-calls.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';

// The code boxes load once a code is on its way, keeping the first screen small.
const CodeBoxes = lazy(() => import('./code-boxes.tsx').then((m) => ({ default: m.CodeBoxes })));

/** E-mail, then the four code boxes (spec §2 Login, §4). */
export function EmailCodeForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [spent, setSpent] = useState<string | null>(null);

  async function onSend(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setEmailError(t('login.nomail'));
      return;
    }
    setEmailError(null);
    setSpent(null);
    setSending(true);
    const result = await authCalls.sendCode(address);
    setSending(false);
    if (result.error) {
      // Asked again too soon for the same address: the code already mailed still works, so its boxes stay.
      if (!(apiErrorCode(result.error) === 'TOO_MANY_CODES' && sentTo === address)) setSentTo(null);
      notify.error(errorText(result.error, t('login.senderror')));
      return;
    }
    notify.info(t('login.mailsent'));
    setSentTo(address);
    setAttempt((n) => n + 1);
  }

  async function onCode(code: string) {
    if (!sentTo) return;
    setSigningIn(true);
    const result = await authCalls.signInWithCode(sentTo, code);
    setSigningIn(false);
    if (result.error) {
      notify.error(errorText(result.error, t('login.error')));
      const code = apiErrorCode(result.error);
      // This code is spent (too many tries, or too old): the boxes go, and a new code must be asked for.
      if (code === 'TOO_MANY_ATTEMPTS' || code === 'CODE_EXPIRED') {
        setSentTo(null);
        setSpent(errorText(result.error, t('login.error')));
      } else setAttempt((n) => n + 1);
      return;
    }
    notify.success(t('login.success'));
    completeSignIn(result.data.apiKey);
  }

  return (
    <Stack gap="md">
      <form onSubmit={onSend} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('login.email')}
            placeholder={t('login.emailPlaceholder')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={emailError}
            size="md"
            required
          />
          {/* Not Mantine's `loading`, which covers the label: the sending state is said in words. */}
          <Button
            type="submit"
            size="md"
            disabled={sending}
            aria-busy={sending}
            leftSection={sending ? <Loader size={16} color="currentColor" aria-hidden /> : null}
            fullWidth
          >
            {sending ? t('login.sending') : sentTo ? t('login.sendAgain') : t('login.sendCode')}
          </Button>
        </Stack>
      </form>
      {spent && (
        <Text size="sm" c="red.8" role="alert" ta="center" data-testid="code-spent">
          {spent}
        </Text>
      )}
      {sentTo && (
        <Stack gap="xs" align="center" data-testid="code-step">
          <Text size="sm" fw={500}>
            {t('login.codeLabel')}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('login.codeHint', { email: sentTo })}
          </Text>
          <Suspense fallback={<Loader size="sm" />}>
            <CodeBoxes key={attempt} onComplete={onCode} disabled={signingIn} />
          </Suspense>
          {signingIn && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t('login.signingIn')}</Text>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
