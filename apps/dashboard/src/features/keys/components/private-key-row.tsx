import { Group, Table } from '@mantine/core';
import { KEY_STATUS_ACTIVE, type KeyEntry } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { CopyAction } from '../../../components/copy-action.tsx';
import type { KeyActions } from '../hooks/use-key-actions.ts';
import { KeyNameInput } from './key-name-input.tsx';
import { KeyRowEnd, useKeyStatus } from './key-row-cells.tsx';
import { KeyUsageCells } from './key-usage-cells.tsx';
import { MaskedKey, maskKey } from './masked-key.tsx';

export function PrivateKeyRow({
  entry,
  actions,
  onDelete,
  onRoll,
}: {
  entry: KeyEntry;
  actions: KeyActions;
  onDelete: (key: string) => void;
  onRoll: (entry: KeyEntry) => void;
}) {
  const { t } = useTranslation();
  const status = useKeyStatus(entry, actions);
  return (
    <Table.Tr data-testid="private-key-row" c={status.value !== KEY_STATUS_ACTIVE ? 'dimmed' : undefined}>
      <Table.Td data-label={t('keys.name')}>
        <KeyNameInput entry={entry} actions={actions} keyLabel={maskKey(entry.apiKey)} />
      </Table.Td>
      <Table.Td data-label={t('keys.key')}>
        <Group gap={4} wrap="nowrap">
          <MaskedKey value={entry.apiKey} />
          <CopyAction value={entry.apiKey} label={t('keys.copy')} />
        </Group>
      </Table.Td>
      <KeyUsageCells entry={entry} />
      <KeyRowEnd
        kind="private"
        status={status}
        keyLabel={maskKey(entry.apiKey)}
        onDelete={() => onDelete(entry.apiKey)}
        onRoll={entry.expires ? undefined : () => onRoll(entry)}
      />
    </Table.Tr>
  );
}
