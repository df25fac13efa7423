import { Anchor, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { shopperUrls } from '@tryon/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { useWebhookEndpointsQuery } from '../api/webhooks-api.ts';
import { useWebhookActions } from '../hooks/use-webhook-actions.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointFormModal } from './endpoint-form-modal.tsx';
import { EndpointRow } from './endpoint-row.tsx';
import { SecretModal } from './secret-modal.tsx';

/** Webhook endpoints: add (the secret shown once), enable or disable, roll the secret, delete, and a log. */
export function WebhooksScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const endpoints = useWebhookEndpointsQuery();
  const actions = useWebhookActions();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  if (endpoints.isLoading) return <CenteredLoader />;
  if (!endpoints.data)
    return (
      <ErrorAlert
        message={errorText(endpoints.error, t('app.loadError'))}
        onRetry={() => endpoints.refetch()}
      />
    );
  const list = endpoints.data;
  const shown = list.find((e) => e.id === selected) ?? null;
  const deletingUrl = list.find((e) => e.id === deleting)?.url ?? '';

  return (
    <>
      <PageHeader title={t('webhooks.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          {t('webhooks.add')}
        </Button>
      </PageHeader>
      <Paper withBorder p="lg" mb="lg" component="section">
        <Text size="sm" c="dimmed" mb="md">
          {t('webhooks.intro')}{' '}
          <Anchor
            href={`${shopperUrls.apiDocs}/#/Webhooks`}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            underline="always"
          >
            {t('webhooks.docs')}
          </Anchor>
        </Text>
        {list.length === 0 ? (
          <Text c="dimmed">{t('webhooks.none')}</Text>
        ) : (
          <StackedTable minWidth={720} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.url')}</Table.Th>
                <Table.Th>{t('webhooks.events')}</Table.Th>
                <Table.Th>{t('webhooks.enabled')}</Table.Th>
                <Table.Th>{t('webhooks.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  endpoint={endpoint}
                  actions={actions}
                  selected={endpoint.id === selected}
                  onShowLog={() => setSelected(endpoint.id)}
                  onRoll={async () => setSecret(await actions.roll(endpoint.id))}
                  onDelete={() => setDeleting(endpoint.id)}
                />
              ))}
            </Table.Tbody>
          </StackedTable>
        )}
      </Paper>
      {shown && <DeliveryLog endpoint={shown} actions={actions} />}
      <Paper withBorder p="lg" mt="lg" component="section">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: 1, minWidth: 240 }}>
            <Title order={2} size="h4" mb={4}>
              {t('webhooks.oneOffTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('webhooks.oneOffText')}
            </Text>
          </div>
          <Button variant="default" onClick={async () => setSecret(await actions.rollOneOff())}>
            {t('webhooks.oneOffRoll')}
          </Button>
        </Group>
      </Paper>
      <EndpointFormModal
        opened={adding}
        busy={actions.adding}
        onClose={() => setAdding(false)}
        onSubmit={async (url, events) => {
          const created = await actions.add(url, events);
          if (created !== null) setSecret(created);
          return created !== null;
        }}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('webhooks.deleteTitle')}
        message={t('webhooks.deleteConfirm', { url: deletingUrl })}
        busy={actions.deleting}
        onConfirm={async () => {
          if (deleting && (await actions.remove(deleting))) {
            if (selected === deleting) setSelected(null);
            setDeleting(null);
          }
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
