import { Code, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';

/**
 * Long values (keys, URLs, ids) wrap anywhere: Mantine's Code scrolls what overflows, and a scrolling region
 * without a keyboard stop fails axe on phones, where the table stacks.
 */
const wrapAnywhere = { wordBreak: 'break-all' } as const;

/** Entries of the audit log: when, (for admins) which shop, who, what, and the values before and after. */
export function AuditTable({ entries, withShop }: { entries: AuditEntry[]; withShop: boolean }) {
  const { t } = useTranslation();
  const { lang } = useParameters();
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const who = (e: AuditEntry) => e.actor ?? t(`audit.via.${e.via}`);
  return (
    <StackedTable minWidth={withShop ? 640 : 560} verticalSpacing="xs" data-testid="audit-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('audit.when')}</Table.Th>
          {withShop && <Table.Th>{t('audit.shop')}</Table.Th>}
          <Table.Th>{t('audit.who')}</Table.Th>
          <Table.Th>{t('audit.what')}</Table.Th>
          <Table.Th>{t('audit.change')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e) => (
          <Table.Tr key={e.id} data-testid="audit-entry" data-action={e.action}>
            <Table.Td data-label={t('audit.when')}>{when(e.created)}</Table.Td>
            {withShop && <Table.Td data-label={t('audit.shop')}>{e.shopName ?? e.shop_uid ?? '—'}</Table.Td>}
            <Table.Td data-label={t('audit.who')} style={{ wordBreak: 'break-all' }}>
              {who(e)}
            </Table.Td>
            <Table.Td data-label={t('audit.what')}>
              <Text size="sm">{t(`audit.actions.${e.action}`)}</Text>
              <Code style={wrapAnywhere}>{e.target}</Code>
            </Table.Td>
            <Table.Td data-label={t('audit.change')} style={{ wordBreak: 'break-word' }}>
              {e.from === null && e.to === null ? (
                '—'
              ) : (
                <>
                  {e.from !== null && <Code style={wrapAnywhere}>{e.from}</Code>}
                  {e.from !== null && e.to !== null && ' → '}
                  {e.to !== null && <Code style={wrapAnywhere}>{e.to}</Code>}
                </>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
