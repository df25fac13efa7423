import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { paths } from '../../../lib/urls/app-paths.ts';

export function NotFoundScreen() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Stack align="center" py={80} gap="md" ta="center">
      <Text fz={72} fw={800} c="indigo.6" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Button component={Link} to={paths.home} variant="light">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
