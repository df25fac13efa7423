import { Button, Code, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { WebhookDelivery, WebhookEndpoint } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';
import { useWebhookDeliveriesQuery } from '../api/webhooks-api.ts';
import type { WebhookActions } from '../hooks/use-webhook-actions.ts';

const POLL_MS = 3000;

const statusColor: Record<WebhookDelivery['status'], string> = {
  pending: 'orange.6',
  running: 'blue.9',
  succeeded: 'teal.9',
  failed: 'red.9',
};

/** An endpoint's deliveries, newest first, with the last attempt's answer; re-read every few seconds. */
export function DeliveryLog({ endpoint, actions }: { endpoint: WebhookEndpoint; actions: WebhookActions }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { lang } = useParameters();
  const log = useWebhookDeliveriesQuery(endpoint.id, { pollingInterval: POLL_MS });
  const time = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <Paper withBorder p="lg" component="section" data-testid="delivery-log">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4">
            {t('webhooks.logTitle')}
          </Title>
          <Text size="sm" c="dimmed" ff="monospace">
            {endpoint.url}
          </Text>
        </div>
        <Button size="sm" leftSection={<IconSend size={16} />} onClick={() => actions.sendTest(endpoint.id)}>
          {t('webhooks.sendTest')}
        </Button>
      </Group>
      {log.error && <ErrorAlert message={errorText(log.error, t('app.loadError'))} onRetry={log.refetch} />}
      {log.data?.length === 0 && <Text c="dimmed">{t('webhooks.noDeliveries')}</Text>}
      {log.data && log.data.length > 0 && (
        <StackedTable minWidth={760} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.created')}</Table.Th>
              <Table.Th>{t('webhooks.event')}</Table.Th>
              <Table.Th>{t('webhooks.status')}</Table.Th>
              <Table.Th>{t('webhooks.answer')}</Table.Th>
              <Table.Th>{t('webhooks.latency')}</Table.Th>
              <Table.Th>{t('webhooks.response')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.map((delivery) => {
              const last = delivery.attempts.at(-1);
              return (
                <Table.Tr key={delivery.id} data-testid="delivery-row">
                  <Table.Td data-label={t('webhooks.created')}>
                    <Text size="sm">{time(delivery.created)}</Text>
                  </Table.Td>
                  <Table.Td data-label={t('webhooks.event')}>
                    <Text size="sm" ff="monospace">
                      {delivery.type}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('webhooks.status')}>
                    <StatusBadge color={statusColor[delivery.status]}>
                      {t(`webhooks.state.${delivery.status}`)}
                    </StatusBadge>
                    <Text size="xs" c="dimmed">
                      {t('webhooks.attempts', { count: delivery.attempts.length })}
                      {delivery.nextAttempt
                        ? ` · ${t('webhooks.next', { time: time(delivery.nextAttempt) })}`
                        : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('webhooks.answer')}>
                    <Text size="sm">{last ? (last.statusCode ?? last.error ?? '') : '–'}</Text>
                  </Table.Td>
                  <Table.Td data-label={t('webhooks.latency')}>
                    <Text size="sm">{last ? t('webhooks.ms', { count: last.latencyMs }) : '–'}</Text>
                  </Table.Td>
                  <Table.Td data-label={t('webhooks.response')} maw={260}>
                    {last?.responseExcerpt ? (
                      <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {last.responseExcerpt.slice(0, 200)}
                      </Code>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => actions.resend(endpoint.id, delivery.id)}
                    >
                      {t('webhooks.resend')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </StackedTable>
      )}
    </Paper>
  );
}
