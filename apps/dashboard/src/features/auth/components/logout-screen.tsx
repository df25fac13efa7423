import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { api } from '../../../lib/api/api.ts';
import { setPrivateApiKey, setUser } from '../../../lib/parameters/parameters-slice.ts';
import { paths } from '../../../lib/urls/app-paths.ts';
import { useLogoutMutation } from '../api/auth-api.ts';

/** Spec §2 Logout: revokes the session, clears the stored key and user and every cached answer. */
export function LogoutScreen() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout, state] = useLogoutMutation();

  async function onLogout() {
    // The stored key goes whatever the server says: a key it no longer knows must not keep us signed in.
    await logout();
    dispatch(setPrivateApiKey(null));
    dispatch(setUser(null));
    dispatch(api.util.resetApiState());
    navigate(paths.login, { replace: true });
  }

  return (
    <>
      <PageHeader title={t('logout.title')} />
      <Paper withBorder p="xl" maw={520}>
        <Stack align="flex-start">
          <Text>{t('logout.confirm')}</Text>
          <Button
            color="red"
            leftSection={<IconLogout size={18} />}
            loading={state.isLoading}
            onClick={onLogout}
          >
            {t('logout.button')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
