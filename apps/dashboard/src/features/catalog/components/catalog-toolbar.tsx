import { Button, Group, Select, Text } from '@mantine/core';
import { type CatalogSort, catalogSorts } from '@tryon/contract';
import { useTranslation } from 'react-i18next';

/** Above the grid: the order of the list (kept by the server, so paging follows it) and the count of all pages. */
export function CatalogToolbar({
  sort,
  onSort,
  total,
  canSelectAll,
  onSelectAll,
}: {
  sort: CatalogSort;
  onSort: (sort: CatalogSort) => void;
  total: number | null;
  canSelectAll: boolean;
  onSelectAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="sm" gap="xs">
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid="catalog-count" aria-live="polite">
          {total === null ? '' : t('catalog.count', { count: total })}
        </Text>
        {canSelectAll && (
          <Button variant="subtle" size="compact-sm" onClick={onSelectAll}>
            {t('catalog.selectShown')}
          </Button>
        )}
      </Group>
      <Select
        label={t('catalog.sort')}
        data={catalogSorts.map((value) => ({ value, label: t(`catalog.sortBy.${value}`) }))}
        value={sort}
        onChange={(value) => value && onSort(value as CatalogSort)}
        allowDeselect={false}
        size="xs"
        w={190}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
