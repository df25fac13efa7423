import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
