import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../../../lib/browser/download.ts';

export interface SourceView {
  /** What it is: "Garment", "Model", "Shopper's photo". */
  title: string;
  /** The signed image link. */
  image: string;
  /** The id it is known by, shown and used as the download's name. */
  id: string;
}

/** A render's source (the garment, the model or photo it was made from) in a dialog, not as a raw file. */
export function SourceViewModal({ view, onClose }: { view: SourceView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={view !== null}
      onClose={onClose}
      title={view?.title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {view && (
        <Stack gap="sm">
          <Image
            src={view.image}
            alt={view.title}
            mah="70vh"
            fit="contain"
            radius="sm"
            fallbackSrc="/favicon.svg"
            data-testid="source-view-image"
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed" ff="monospace">
              {view.id}
            </Text>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => downloadUrl(view.image, `${view.id}.webp`)}
            >
              {t('renders.download')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
