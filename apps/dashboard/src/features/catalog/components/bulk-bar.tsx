import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What can be done to the selected cards at once: set one category (garments) and delete. */
export function BulkBar({
  count,
  busy,
  onCategorize,
  onDelete,
  onClear,
}: {
  count: number;
  busy: boolean;
  onCategorize: ((category: string) => void) | undefined;
  onDelete: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [category, setCategory] = useState('');
  if (count === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      mb="sm"
      radius="md"
      pos="sticky"
      top={64}
      style={{ zIndex: 5 }}
      component="section"
      aria-label={t('catalog.selected', { count })}
      data-testid="bulk-bar"
    >
      <Group gap="sm" align="flex-end">
        <Text fw={600} size="sm" mr="auto" style={{ alignSelf: 'center' }}>
          {t('catalog.selected', { count })}
        </Text>
        {onCategorize && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('catalog.bulkCategory')}
              size="xs"
              value={category}
              maxLength={100}
              onChange={(e) => setCategory(e.currentTarget.value)}
            />
            <Button
              size="xs"
              variant="default"
              loading={busy}
              disabled={category.trim() === ''}
              onClick={() => onCategorize(category.trim())}
            >
              {t('catalog.bulkApply')}
            </Button>
          </Group>
        )}
        <Button size="xs" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
          {t('catalog.bulkDelete')}
        </Button>
        <Button size="xs" variant="subtle" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
          {t('catalog.clearSelection')}
        </Button>
      </Group>
    </Paper>
  );
}
