import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CenteredLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={label ?? t('app.loading')}>
      <Loader size="md" />
    </Center>
  );
}
