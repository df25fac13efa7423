import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { LOW_BALANCE, type Profile } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/urls/app-paths.ts';

/** Shop id and balance; the balance and its button turn red below 10 (spec §2). */
export function ShopSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const low = profile.tryonBalance < LOW_BALANCE;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
      <Paper withBorder p="lg">
        <Text size="sm" c="dimmed">
          {t('shop.suid')}
        </Text>
        <Text fw={600} ff="monospace" size="lg" data-testid="shop-suid">
          {profile.suid}
        </Text>
      </Paper>
      <Paper withBorder p="lg">
        <Group justify="space-between" align="center">
          <div>
            <Text size="sm" c="dimmed">
              {t('shop.balance')}
            </Text>
            <Text fw={700} size="xl" c={low ? 'red.7' : undefined} data-testid="shop-balance">
              {profile.tryonBalance}
            </Text>
          </div>
          <Button
            component={Link}
            to={paths.billing}
            color={low ? 'red' : undefined}
            leftSection={<IconCreditCard size={16} />}
          >
            {t('shop.buy')}
          </Button>
        </Group>
        {low && (
          <Text size="xs" c="red.7" mt="xs">
            {t('shop.lowBalance')}
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}
