import { Box, Button, FileInput, Group, Paper, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhotoUp, IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import type { CatalogItem } from '../catalog-item.ts';
import type { CatalogKind } from '../catalog-kinds.ts';
import type { CatalogActions } from '../hooks/use-catalog-actions.ts';
import { UploadOverlay } from './upload-overlay.tsx';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const empty = { name: '', description: '', imageUrl: '', url: '', category: '', price: '' };

/** Spec §2/§5: name, description, image file or image URL, page URL (and category and price for garments). */
export function AddItemForm({
  kind,
  actions,
  onAdded,
}: {
  kind: CatalogKind;
  actions: CatalogActions;
  onAdded: (item: CatalogItem) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [values, setValues] = useState(empty);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const hasImage = file !== null || values.imageUrl.trim() !== '';
  const set = (name: keyof typeof empty) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!hasImage) {
      notify.warning(t(`${kind.kind}.form.error`));
      return;
    }
    const fields = {
      name: values.name,
      description: values.description,
      url: values.url,
      ...(kind.withCategoryAndPrice ? { category: values.category, price: values.price } : {}),
    };
    setUploading(true);
    const result = file
      ? await actions.addFile(file, fields)
      : await actions.addUrl(values.imageUrl.trim(), fields);
    setUploading(false);
    if (!result.data) {
      notify.error(errorText(result.error, t('garment.form.error')));
      return;
    }
    notify.success(t(`${kind.kind}.form.success`));
    setValues(empty);
    setFile(null);
    onAdded(result.data);
  }

  return (
    <Paper withBorder p="lg" mb="lg" pos="relative" component="section" aria-label={t('catalog.add')}>
      <UploadOverlay visible={uploading} />
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={uploading} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text size="sm" c="dimmed" mb="md">
            {t(`${kind.kind}.guidance`)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FileInput
              label={t('form.imageFile')}
              placeholder={t('form.imageFilePlaceholder')}
              accept={ACCEPT}
              value={file}
              onChange={setFile}
              clearable
              leftSection={<IconPhotoUp size={16} />}
            />
            <TextInput
              label={t('form.imageUrl')}
              type="url"
              placeholder="https://"
              value={values.imageUrl}
              onChange={set('imageUrl')}
            />
            <TextInput label={t('form.name')} value={values.name} onChange={set('name')} maxLength={200} />
            <TextInput
              label={t('form.pageUrl')}
              type="url"
              placeholder="https://"
              value={values.url}
              onChange={set('url')}
            />
            {kind.withCategoryAndPrice && (
              <>
                <TextInput
                  label={t('form.category')}
                  value={values.category}
                  onChange={set('category')}
                  maxLength={100}
                />
                <TextInput
                  label={t('form.price')}
                  value={values.price}
                  onChange={set('price')}
                  maxLength={40}
                />
              </>
            )}
          </SimpleGrid>
          <Textarea
            mt="md"
            label={t('form.description')}
            autosize
            minRows={2}
            maxRows={6}
            value={values.description}
            onChange={set('description')}
          />
          <Group justify="space-between" mt="md">
            <Box>
              {!hasImage && (
                <Text size="xs" c="dimmed">
                  {t('form.imageRequired')}
                </Text>
              )}
            </Box>
            <Button type="submit" leftSection={<IconUpload size={16} />} disabled={!hasImage || uploading}>
              {t('form.submit')}
            </Button>
          </Group>
        </fieldset>
      </form>
    </Paper>
  );
}
