import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A borderless two-column table of labelled values (an item's code and dates, a shop's settings). */
export function FactsTable({
  rows,
  labelWidth = '40%',
}: {
  rows: readonly (readonly [string, ReactNode])[];
  labelWidth?: string;
}) {
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={labelWidth} fw={500} c="dimmed">
              {label}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
