import { Anchor, Button, Drawer, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { sizedImage } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { FactsTable } from '../../../components/facts-table.tsx';
import { catalogApi } from '../api/catalog-api.ts';
import { type CatalogItem, displayName } from '../catalog-item.ts';

/** A render in the panel: its image when done, else nothing to show. */
interface PanelRender {
  id: string;
  image: string | null;
  created: string;
}

function RenderStrip({
  title,
  renders,
  loading,
  failed,
  altKey,
}: {
  title: string;
  renders: readonly PanelRender[];
  loading: boolean;
  failed: boolean;
  altKey: 'detail.renderAlt' | 'detail.lookAlt';
}) {
  const { t, i18n } = useTranslation();
  const done = renders.filter((r) => r.image !== null);
  return (
    <section>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {loading ? (
        <CenteredLoader />
      ) : failed ? (
        <Text size="sm" c="red.8">
          {t('detail.loadError')}
        </Text>
      ) : done.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.none')}
        </Text>
      ) : (
        <SimpleGrid cols={3} spacing="xs" data-testid="detail-renders">
          {done.map((r) => (
            <Image
              key={r.id}
              src={sizedImage(r.image ?? '', 'square')}
              alt={t(altKey, { date: new Date(r.created).toLocaleDateString(i18n.language) })}
              radius="sm"
              loading="lazy"
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

/** Spec gap of issue 15: an item's detail panel with its fields, codes, stats and the try-ons made with it. */
export function ItemDetailDrawer({
  item,
  kind,
  priceText,
  onEdit,
  onClose,
}: {
  item: CatalogItem | null;
  kind: 'garment' | 'model';
  priceText: string;
  onEdit: (item: CatalogItem) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const skip = item === null;
  const tryons = catalogApi.useItemTryonsQuery(item?.id ?? '', { skip });
  const looks = catalogApi.useItemLooksQuery(item?.id ?? '', { skip: skip || kind !== 'model' });
  const name = item ? displayName(item, t('catalog.untitled')) : '';
  const none = t('detail.noValue');
  const rows: [string, string][] = item
    ? [
        [t('detail.code'), item.code],
        [t('detail.id'), item.id],
        ...(kind === 'garment'
          ? ([
              [t('detail.category'), item.category || none],
              [t('detail.price'), priceText || none],
            ] as [string, string][])
          : []),
        [t('detail.created'), new Date(item.created).toLocaleString(i18n.language)],
        [t('detail.likes'), String(item.likes)],
        [t('detail.tryonCount'), String(item.tryons)],
      ]
    : [];
  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={name}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {item && (
        <Stack data-testid="item-detail">
          <Image src={sizedImage(item.image, 'card')} alt={t('catalog.imageAlt', { name })} radius="md" />
          <Button
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => onEdit(item)}
          >
            {t('detail.edit')}
          </Button>
          {item.description && <Text size="sm">{item.description}</Text>}
          <FactsTable
            rows={[
              ...rows,
              ...(item.url
                ? ([
                    [
                      t('detail.url'),
                      <Anchor key="url" href={item.url} target="_blank" rel="noopener noreferrer">
                        {item.url}
                      </Anchor>,
                    ],
                  ] as const)
                : []),
            ]}
          />
          <RenderStrip
            title={t('detail.tryons')}
            renders={(tryons.data?.items ?? []).map((r) => ({
              id: r.tuid,
              image: r.image,
              created: r.created,
            }))}
            loading={tryons.isLoading}
            failed={tryons.isError}
            altKey="detail.renderAlt"
          />
          {kind === 'model' && (
            <RenderStrip
              title={t('detail.looks')}
              renders={(looks.data?.items ?? []).map((r) => ({
                id: r.luid,
                image: r.image,
                created: r.created,
              }))}
              loading={looks.isLoading}
              failed={looks.isError}
              altKey="detail.lookAlt"
            />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
