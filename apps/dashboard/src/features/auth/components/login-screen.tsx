import { Box, Center, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { Logo } from '../../../components/logo.tsx';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import { authCalls } from '../api/auth-calls.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { EmailCodeForm } from './email-code-form.tsx';

const GoogleButton = lazy(() => import('./google-button.tsx').then((m) => ({ default: m.GoogleButton })));

export function LoginScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const completeSignIn = useCompleteSignIn();
  const [googleClientId, setGoogleClientId] = useState<string | null>(null);
  const [googleDown, setGoogleDown] = useState(false);
  // Mantine's hook directly: `usePageTitle` would be one more request before the login screen shows.
  useDocumentTitle(`${t('login.pageTitle')} · ${t('app.name')}`);
  useEffect(() => {
    let live = true;
    authCalls.publicConfig().then((result) => live && setGoogleClientId(result.data?.googleClientId ?? null));
    return () => {
      live = false;
    };
  }, []);

  async function onGoogle(token: string) {
    const result = await authCalls.signInWithGoogle(token);
    if (result.error) {
      notify.error(errorText(result.error, t('login.googlefailed')));
      return;
    }
    notify.success(t('login.googlesuccess'));
    completeSignIn(result.data.apiKey);
  }

  return (
    <Box mih="100vh" className="login-backdrop">
      <Box pos="absolute" top={16} right={16}>
        <LanguageSelect />
      </Box>
      <Center mih="100vh" p="md" component="main">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
          <Stack gap="lg">
            <Center>
              <Logo size={36} />
            </Center>
            <Stack gap={4} ta="center">
              <Title order={1} size="h3">
                {t('login.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('login.description')}
              </Text>
            </Stack>
            {googleClientId && !googleDown && (
              <>
                <Suspense fallback={<div style={{ minHeight: 44 }} />}>
                  <GoogleButton
                    clientId={googleClientId}
                    onCredential={onGoogle}
                    onError={() => notify.error(t('login.googlefailed'))}
                    onUnavailable={() => setGoogleDown(true)}
                  />
                </Suspense>
                <Divider label={t('login.or')} labelPosition="center" />
              </>
            )}
            <EmailCodeForm />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
