import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import type { CatalogImport } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { isActive } from '../hooks/use-imports.ts';
import { importErrorText } from '../import-error-text.ts';

/** One import's progress: rows done of the total, what became of them, and a cancel button while it runs. */
export function ImportProgress({ job, onCancel }: { job: CatalogImport; onCancel: () => void }) {
  const { t } = useTranslation();
  const { rows } = job;
  const running = isActive(job);
  const percent = rows.total > 0 ? Math.round((rows.done / rows.total) * 100) : 0;
  const counts = [
    ['created', rows.created],
    ['updated', rows.updated],
    ['skipped', rows.skipped],
    ['failed', rows.failed],
    ...(job.removeMissing ? [['removed', rows.removed] as const] : []),
  ] as const;
  return (
    <Paper withBorder p="md" data-testid="import-progress" aria-live="polite">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t(`imports.status.${job.status}`)}</Text>
          <Text size="sm" data-testid="import-rows-done">
            {rows.total > 0
              ? t('imports.rowsDone', { done: rows.done, total: rows.total })
              : running
                ? t('imports.readingSource')
                : ''}
          </Text>
        </Group>
        <Progress
          value={running && rows.total === 0 ? 100 : percent}
          striped={running}
          animated={running}
          color={job.status === 'failed' ? 'red.9' : job.status === 'cancelled' ? 'gray' : undefined}
          aria-label={t('imports.progressLabel', { percent })}
        />
        <SimpleGrid cols={{ base: 3, sm: counts.length }} spacing="xs">
          {counts.map(([name, count]) => (
            <Stack key={name} gap={0} data-testid={`import-count-${name}`}>
              <Text size="lg" fw={700}>
                {count}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`imports.count.${name}`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {job.error && (
          <Alert color="red" variant="light" p="xs">
            {importErrorText(t, job.error)}
          </Alert>
        )}
        {running && (
          <Group justify="flex-end">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlayerStop size={14} aria-hidden />}
              onClick={onCancel}
            >
              {t('imports.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
