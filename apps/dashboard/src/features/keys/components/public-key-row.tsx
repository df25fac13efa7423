import { Code, Group, Table, Textarea } from '@mantine/core';
import { KEY_STATUS_ACTIVE, type KeyEntry } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyAction } from '../../../components/copy-action.tsx';
import { useDebouncedKeyField } from '../hooks/use-debounced-key-field.ts';
import type { KeyActions } from '../hooks/use-key-actions.ts';
import { KeyNameInput } from './key-name-input.tsx';
import { KeyRowEnd, useKeyStatus } from './key-row-cells.tsx';
import { KeyUsageCells } from './key-usage-cells.tsx';

/** Spec §4: an inactive public key is greyed and its allowed domains cannot be edited. */
export function PublicKeyRow({
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
  const [refused, setRefused] = useState<string | null>(null);
  const domains = useDebouncedKeyField(entry.allowedDomains ?? '', async (next) =>
    setRefused(await actions.update({ key: entry.apiKey, allowed_domains: next })),
  );
  const inactive = status.value !== KEY_STATUS_ACTIVE;
  return (
    <Table.Tr data-testid="public-key-row" c={inactive ? 'dimmed' : undefined}>
      <Table.Td data-label={t('keys.name')}>
        <KeyNameInput entry={entry} actions={actions} keyLabel={entry.apiKey} />
      </Table.Td>
      {/* The key may break anywhere, so without a floor the table squeezed it to three characters a line. */}
      <Table.Td miw={150} data-label={t('keys.key')}>
        <Group gap={4} wrap="nowrap">
          <Code c={inactive ? 'dimmed' : undefined} style={{ wordBreak: 'break-all' }}>
            {entry.apiKey}
          </Code>
          <CopyAction value={entry.apiKey} label={t('keys.copy')} />
        </Group>
      </Table.Td>
      <KeyUsageCells entry={entry} />
      <Table.Td miw={220} data-label={t('keys.allowedDomains')}>
        <Textarea
          rows={3}
          aria-label={t('keys.allowedDomains')}
          placeholder={t('keys.allowedDomainsHint')}
          value={domains.value}
          onChange={(event) => {
            setRefused(null);
            domains.change(event.currentTarget.value);
          }}
          error={refused}
          onBlur={domains.flush}
          disabled={inactive}
          size="xs"
        />
      </Table.Td>
      <KeyRowEnd
        kind="public"
        status={status}
        keyLabel={entry.apiKey}
        onDelete={() => onDelete(entry.apiKey)}
        onRoll={entry.expires ? undefined : () => onRoll(entry)}
      />
    </Table.Tr>
  );
}
