import { Anchor, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../../components/stacked-table.tsx';

export interface DocLink {
  href: string;
  label: string;
}

/** A titled table of keys with its description, links and create button. */
export function KeySection(props: {
  title: string;
  description: string;
  linksLabel: string;
  links: DocLink[];
  createLabel: string;
  creating: boolean;
  onCreate: () => void;
  headers: string[];
  empty: boolean;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" mb="lg" component="section" data-testid={props.testId}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Button
          size="sm"
          leftSection={<IconPlus size={16} />}
          loading={props.creating}
          onClick={props.onCreate}
        >
          {props.createLabel}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb={4}>
        {props.description}
      </Text>
      <Group gap="xs" mb="md">
        <Text size="sm">{props.linksLabel}</Text>
        {props.links.map((link) => (
          <Anchor key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
            {link.label}
          </Anchor>
        ))}
      </Group>
      <StackedTable minWidth={900} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {props.headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.children}
          {props.empty && (
            <Table.Tr>
              <Table.Td colSpan={props.headers.length}>
                <Text c="dimmed" size="sm">
                  {t('keys.none')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </StackedTable>
      {props.footer}
    </Paper>
  );
}
