import { ActionIcon, Badge, Button, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconListDetails, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { WebhookEndpoint } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge.tsx';
import type { WebhookActions } from '../hooks/use-webhook-actions.ts';

/** One endpoint: its URL and events, an enable switch, and its log, secret and delete buttons. */
export function EndpointRow(props: {
  endpoint: WebhookEndpoint;
  actions: WebhookActions;
  selected: boolean;
  onShowLog: () => void;
  onRoll: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { endpoint } = props;
  return (
    <Table.Tr data-testid="webhook-row" bg={props.selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td data-label={t('webhooks.url')}>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {endpoint.url}
        </Text>
        {endpoint.disabledReason === 'failing' && (
          <StatusBadge color="red.9" mt={4}>
            {t('webhooks.disabledFailing')}
          </StatusBadge>
        )}
      </Table.Td>
      <Table.Td data-label={t('webhooks.events')}>
        <Group gap={4}>
          {endpoint.events.map((type) => (
            <Badge key={type} variant="default" size="sm" tt="none">
              {type}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td data-label={t('webhooks.enabled')}>
        <Switch
          checked={endpoint.enabled}
          aria-label={`${t('webhooks.enabled')}: ${endpoint.url}`}
          onChange={(event) =>
            props.actions.update({ id: endpoint.id, enabled: event.currentTarget.checked ? 1 : 0 })
          }
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant={props.selected ? 'filled' : 'default'}
            leftSection={<IconListDetails size={14} />}
            onClick={props.onShowLog}
          >
            {t('webhooks.deliveries')}
          </Button>
          <Tooltip label={t('webhooks.roll')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('webhooks.roll')}: ${endpoint.url}`}
              onClick={props.onRoll}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('app.delete')} ${endpoint.url}`}
            onClick={props.onDelete}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
