import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function ErrorAlert({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" my="md">
      {message}
      {onRetry && (
        <Button variant="subtle" color="red" size="compact-sm" ml="sm" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      )}
    </Alert>
  );
}
