import { Button, FileInput, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CatalogItem, displayName, priceNumber } from '../catalog-item.ts';

const isPageUrl = (value: string) => value.trim() === '' || /^https?:\/\//i.test(value.trim());
/** What the server keeps as a price (the contract's rule): a number with at most two decimals, or empty. */
const isPrice = (value: string) => /^(\d{1,9}([.,]\d{1,2})?)?$/.test(value.trim());

export interface EditValues {
  name: string;
  description: string;
  url: string;
  category?: string;
  price?: string;
  /** A new photo, replacing the image (the code and stats stay). */
  file: File | null;
}

/**
 * Edit of a garment or model: name, description, page URL, photo, and for garments category and price (with the
 * shop's currency). The spec's popup covered the description and URL only; issue 15 asked for the rest.
 */
export function EditItemModal({
  item,
  withCategoryAndPrice,
  currency,
  saving,
  onSave,
  onClose,
}: {
  item: CatalogItem | null;
  withCategoryAndPrice: boolean;
  currency: string;
  saving: boolean;
  onSave: (values: EditValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [url, setUrl] = useState('');
  const [category, setCategory] = useState('');
  const [price, setPrice] = useState('');
  const [file, setFile] = useState<File | null>(null);
  useEffect(() => {
    setName(item?.name ?? '');
    setDescription(item?.description ?? '');
    setUrl(item?.url ?? '');
    setCategory(item?.category ?? '');
    setPrice(item ? String(priceNumber(item.price) ?? '') : '');
    setFile(null);
  }, [item]);
  const urlError = isPageUrl(url) ? null : t('edit.urlInvalid');
  const priceError = isPrice(price) ? null : t('edit.priceInvalid');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (urlError || priceError) return;
    onSave({
      name: name.trim(),
      description: description.trim(),
      url: url.trim(),
      ...(withCategoryAndPrice ? { category: category.trim(), price: price.trim().replace(',', '.') } : {}),
      file,
    });
  }

  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('edit.title', { name: item ? displayName(item, t('catalog.untitled')) : '' })}
      centered
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={onSubmit}>
        <Stack>
          <TextInput
            label={t('edit.name')}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          {withCategoryAndPrice && (
            <SimpleGrid cols={2}>
              <TextInput
                label={t('edit.category')}
                value={category}
                maxLength={100}
                onChange={(e) => setCategory(e.currentTarget.value)}
              />
              <TextInput
                label={t('edit.price')}
                value={price}
                inputMode="decimal"
                rightSection={
                  currency ? (
                    <Text size="sm" c="dark.6">
                      {currency}
                    </Text>
                  ) : undefined
                }
                rightSectionWidth={currency ? 48 : undefined}
                onChange={(e) => setPrice(e.currentTarget.value)}
                error={priceError}
              />
            </SimpleGrid>
          )}
          <Textarea
            label={t('edit.description')}
            autosize
            minRows={3}
            maxRows={8}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Textarea
            label={t('edit.url')}
            autosize
            minRows={1}
            maxRows={3}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={urlError}
          />
          <FileInput
            label={t('edit.photo')}
            description={t('edit.photoHint')}
            placeholder={t('edit.photoPick')}
            accept="image/jpeg,image/png,image/webp,image/avif"
            leftSection={<IconPhoto size={16} aria-hidden />}
            value={file}
            onChange={setFile}
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={urlError !== null || priceError !== null}>
              {t('app.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
