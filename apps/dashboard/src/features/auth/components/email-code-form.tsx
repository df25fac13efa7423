import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

  async function onSend(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setEmailError(t('login.nomail'));
      return;
    }
    setEmailError(null);
    setSending(true);
    const result = await authCalls.sendCode(address);
    setSending(false);
    if (result.error) {
      setSentTo(null);
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
      setAttempt((n) => n + 1);
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
          <Button type="submit" size="md" loading={sending} loaderProps={{ type: 'dots' }} fullWidth>
            {sending ? t('login.sending') : t('login.sendCode')}
          </Button>
        </Stack>
      </form>
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
