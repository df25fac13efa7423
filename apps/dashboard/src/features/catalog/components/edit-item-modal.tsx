import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CatalogItem, displayName } from '../catalog-item.ts';

const isPageUrl = (value: string) => value.trim() === '' || /^https?:\/\//i.test(value.trim());

/** Spec §2: edit covers the description and the URL only. */
export function EditItemModal({
  item,
  saving,
  onSave,
  onClose,
}: {
  item: CatalogItem | null;
  saving: boolean;
  onSave: (values: { description: string; url: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [description, setDescription] = useState('');
  const [url, setUrl] = useState('');
  useEffect(() => {
    setDescription(item?.description ?? '');
    setUrl(item?.url ?? '');
  }, [item]);
  const urlError = isPageUrl(url) ? null : t('edit.urlInvalid');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!urlError) onSave({ description: description.trim(), url: url.trim() });
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
          <Textarea
            label={t('edit.description')}
            autosize
            minRows={3}
            maxRows={8}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            data-autofocus
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={urlError !== null}>
              {t('app.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
