import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Logo({ size = 28 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={size} height={size} alt="" />
      <Text fw={700} size="lg" c="var(--mantine-color-text)">
        {t('app.name')}
      </Text>
    </Group>
  );
}
