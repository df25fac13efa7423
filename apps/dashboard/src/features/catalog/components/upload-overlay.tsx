import { Center, LoadingOverlay, RingProgress, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: the upload overlay counts towards 45 s, the usual longest upload and import. */
export const UPLOAD_TIMER_SECONDS = 45;

export function UploadOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!visible) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [visible]);
  const value = Math.min(100, (seconds / UPLOAD_TIMER_SECONDS) * 100);
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={30}
      overlayProps={{ blur: 1, backgroundOpacity: 0.6 }}
      loaderProps={{
        children: (
          <Center role="status" aria-live="polite">
            <RingProgress
              size={96}
              thickness={8}
              roundCaps
              sections={[{ value, color: 'indigo' }]}
              label={
                <Text ta="center" size="xs" fw={600}>
                  {t('catalog.uploading', { seconds })}
                </Text>
              }
            />
          </Center>
        ),
      }}
    />
  );
}
