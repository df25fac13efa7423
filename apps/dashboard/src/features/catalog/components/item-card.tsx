import { Badge, Card, Checkbox, Group, Image, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconHeart, IconShirt } from '@tabler/icons-react';
import { sizedImage } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { type CatalogItem, displayName } from '../catalog-item.ts';
import { ItemMenu, type ItemMenuProps } from './item-menu.tsx';

export interface CardSelection {
  selected: boolean;
  onSelect: (item: CatalogItem, on: boolean) => void;
  onOpen: (item: CatalogItem) => void;
  /** The price as shown (with the shop's currency), or ''. */
  priceText: string;
}

export function ItemCard({
  item,
  selected,
  onSelect,
  onOpen,
  priceText,
  ...menu
}: { item: CatalogItem } & CardSelection & Omit<ItemMenuProps, 'item' | 'name'>) {
  const { t } = useTranslation();
  const name = displayName(item, t('catalog.untitled'));
  const ratio = item.width > 0 && item.height > 0 ? item.width / item.height : 1;
  const hasStats = item.likes > 0 || item.tryons > 0;
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-testid="item-card"
      data-code={item.code}
      data-name={name}
      style={selected ? { outline: '2px solid var(--mantine-color-indigo-6)' } : undefined}
    >
      <Card.Section pos="relative">
        <Checkbox
          aria-label={t('catalog.select', { name })}
          checked={selected}
          onChange={(e) => onSelect(item, e.currentTarget.checked)}
          pos="absolute"
          top={8}
          left={8}
          style={{ zIndex: 1 }}
          size="md"
        />
        <UnstyledButton
          onClick={() => onOpen(item)}
          aria-label={t('catalog.details', { name })}
          display="block"
          w="100%"
          style={{ aspectRatio: String(ratio), background: 'var(--mantine-color-gray-1)' }}
        >
          <Image
            src={sizedImage(item.image, 'card')}
            alt={t('catalog.imageAlt', { name })}
            loading="lazy"
            decoding="async"
            w="100%"
            h="100%"
            fit="cover"
            fallbackSrc="/favicon.svg"
          />
        </UnstyledButton>
      </Card.Section>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mt="xs" gap={4}>
        <Text fw={600} size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {name}
        </Text>
        <ItemMenu item={item} name={name} {...menu} />
      </Group>
      {priceText && (
        <Text size="sm" fw={500} mt={2} data-testid="item-price">
          {priceText}
        </Text>
      )}
      {item.description && item.description !== name && (
        <Text size="xs" c="dimmed" lineClamp={3} mt={2}>
          {item.description}
        </Text>
      )}
      {hasStats && (
        <Group gap={6} mt="xs">
          <Badge
            variant="light"
            color="pink"
            leftSection={<IconHeart size={12} />}
            title={t('catalog.likes', { count: item.likes })}
          >
            {item.likes}
            <VisuallyHidden>{t('catalog.likes', { count: item.likes })}</VisuallyHidden>
          </Badge>
          <Badge
            variant="light"
            leftSection={<IconShirt size={12} />}
            title={t('catalog.tryons', { count: item.tryons })}
          >
            {item.tryons}
            <VisuallyHidden>{t('catalog.tryons', { count: item.tryons })}</VisuallyHidden>
          </Badge>
        </Group>
      )}
    </Card>
  );
}
