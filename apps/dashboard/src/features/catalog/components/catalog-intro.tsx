import { Anchor, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CatalogKind } from '../catalog-kinds.ts';

/** Spec §2: a description line with links to the shop's public product pages and to its shop page here. */
export function CatalogIntro({ kind, suid, shopUrl }: { kind: CatalogKind; suid: string; shopUrl: string }) {
  const { t } = useTranslation();
  const link = (href: string, label: string) => (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        {label}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
  return (
    <Group gap="md" mb="md" wrap="wrap" align="center">
      <Text size="sm" c="dimmed">
        {t(`${kind.kind}.intro`)}
      </Text>
      {shopUrl && link(shopUrl, t('catalog.publicPage'))}
      {link(kind.publicPage(suid), t(`${kind.kind}.shopLink`))}
    </Group>
  );
}
