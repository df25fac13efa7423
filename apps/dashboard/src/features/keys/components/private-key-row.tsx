import { ActionIcon, Table } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { KEY_STATUS_ACTIVE, type KeyEntry } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { useDebouncedKeyField } from '../hooks/use-debounced-key-field.ts';
import type { KeyActions } from '../hooks/use-key-actions.ts';
import { KeyStatusSelect } from './key-status-select.tsx';
import { MaskedKey, maskKey } from './masked-key.tsx';

export function PrivateKeyRow({
  entry,
  actions,
  formatDate,
  onDelete,
}: {
  entry: KeyEntry;
  actions: KeyActions;
  formatDate: (iso: string) => string;
  onDelete: (key: string) => void;
}) {
  const { t } = useTranslation();
  const status = useDebouncedKeyField(entry.status, (next) =>
    actions.update({ key: entry.apiKey, active: next >= 0 ? 1 : 0 }),
  );
  return (
    <Table.Tr data-testid="private-key-row" c={status.value !== KEY_STATUS_ACTIVE ? 'dimmed' : undefined}>
      <Table.Td>
        <MaskedKey value={entry.apiKey} />
      </Table.Td>
      <Table.Td>{formatDate(entry.created)}</Table.Td>
      <Table.Td>
        <KeyStatusSelect value={status.value} onChange={status.change} label={t('keys.status')} />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t('app.delete')} ${maskKey(entry.apiKey)}`}
          onClick={() => onDelete(entry.apiKey)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
