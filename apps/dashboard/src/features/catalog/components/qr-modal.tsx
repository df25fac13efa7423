import { Center, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../../../lib/browser/download.ts';

/** Spec §9: the QR code is 200 px. */
export const QR_SIZE_PX = 200;

/** The QR code of an item's try-on link; a click saves it as `<code>.png`. */
export function QrModal({ code, url, onClose }: { code: string | null; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const fileName = `${code ?? 'qr'}.png`;

  useEffect(() => {
    setDataUrl(null);
    if (!code || !url) return;
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { width: QR_SIZE_PX, margin: 1, errorCorrectionLevel: 'M' }))
      .then((result) => !cancelled && setDataUrl(result))
      .catch((error: unknown) => console.error('QR code failed', error));
    return () => {
      cancelled = true;
    };
  }, [code, url]);

  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      title={t('card.qrTitle', { code: code ?? '' })}
      centered
      size="auto"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack align="center" gap="sm">
        <UnstyledButton
          onClick={() => dataUrl && downloadUrl(dataUrl, fileName)}
          aria-label={t('card.qrHint', { file: fileName })}
          data-testid="qr-download"
        >
          <Center w={QR_SIZE_PX} h={QR_SIZE_PX}>
            {dataUrl && <img src={dataUrl} width={QR_SIZE_PX} height={QR_SIZE_PX} alt={url} />}
          </Center>
        </UnstyledButton>
        <Text size="xs" c="dimmed" ta="center" maw={260}>
          {t('card.qrHint', { file: fileName })}
        </Text>
        <Text size="xs" ta="center" maw={320} style={{ wordBreak: 'break-all' }} data-testid="qr-link">
          {url}
        </Text>
        <Text size="xs" c="dimmed" ta="center" maw={300}>
          {t('card.qrPermanent')}
        </Text>
      </Stack>
    </Modal>
  );
}
