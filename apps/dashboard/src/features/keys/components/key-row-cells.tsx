import { ActionIcon, Table } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { KeyEntry } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { useDebouncedKeyField } from '../hooks/use-debounced-key-field.ts';
import type { KeyActions } from '../hooks/use-key-actions.ts';
import { KeyStatusSelect } from './key-status-select.tsx';

/** A key's status (spec §4: saved as active 1 when the status is 0 or more, else 0), saved after the debounce. */
export function useKeyStatus(entry: KeyEntry, actions: KeyActions) {
  return useDebouncedKeyField(entry.status, (next) =>
    actions.update({ key: entry.apiKey, active: next >= 0 ? 1 : 0 }),
  );
}

/** The status and delete cells every key row ends with. */
export function KeyRowEnd(props: {
  status: ReturnType<typeof useKeyStatus>;
  keyLabel: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td data-label={t('keys.status')}>
        <KeyStatusSelect value={props.status.value} onChange={props.status.change} label={t('keys.status')} />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t('app.delete')} ${props.keyLabel}`}
          onClick={props.onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Table.Td>
    </>
  );
}
