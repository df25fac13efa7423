import { Stack, Table, Text } from '@mantine/core';
import type { KeyEntry } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';

/** When the key was made and last used, and for a rolled key when it stops working. */
export function KeyUsageCells({ entry }: { entry: KeyEntry }) {
  const { t } = useTranslation();
  const { lang } = useParameters();
  const date = (iso: string) => new Date(iso).toLocaleDateString(lang, { dateStyle: 'medium' });
  const dateTime = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Table.Td data-label={t('keys.created')}>
        <Stack gap={4} align="flex-start">
          <span>{date(entry.created)}</span>
          {entry.expires && (
            <Text size="xs" fw={600} c="red" data-testid="key-expires">
              {t('keys.roll.expires', { date: dateTime(entry.expires) })}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-label={t('keys.lastUsed')} data-testid="key-last-used">
        {entry.lastUsed ? (
          dateTime(entry.lastUsed)
        ) : (
          <Text span size="sm" c="dimmed">
            {t('keys.neverUsed')}
          </Text>
        )}
      </Table.Td>
    </>
  );
}
