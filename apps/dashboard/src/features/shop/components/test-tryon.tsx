import { Alert, Button, FileInput, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import type { ErrorCode, Garment } from '@tryon/contract';
import { sizedImage } from '@tryon/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import {
  useAddSamplePhotoMutation,
  useStartTestTryonMutation,
  useTestTryonQuery,
} from '../api/onboarding-api.ts';

/**
 * The owner's own check that try-ons work: a sample photo of a person and the garment chosen for the snippet,
 * rendered as a shopper's would be (one try-on of the balance). The result shows here when it is done.
 */
export function TestTryon({ garment }: { garment: Garment | undefined }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [photo, setPhoto] = useState<File | null>(null);
  const [tuid, setTuid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [addPhoto, adding] = useAddSamplePhotoMutation();
  const [start, starting] = useStartTestTryonMutation();
  const [pollMs, setPollMs] = useState(0);
  const result = useTestTryonQuery(tuid ?? '', { skip: tuid === null, pollingInterval: pollMs });
  const tryon = result.data;
  const running = tryon !== undefined && (tryon.status === 'queued' || tryon.status === 'running');
  // Each read waits on the server for the render, so reading again soon after an unfinished answer is cheap.
  useEffect(() => setPollMs(running ? 500 : 0), [running]);

  async function run() {
    if (!photo || !garment) return;
    setFailure(null);
    setTuid(null);
    const face = await addPhoto(photo);
    if (face.error) return setFailure(errorText(face.error, t('firstRun.test.error')));
    const started = await start({ guid: garment.guid, fuid: face.data.fuid });
    if (started.error) return setFailure(errorText(started.error, t('firstRun.test.error')));
    setTuid(started.data.tuid);
  }

  const failedText = (code: string | null) =>
    code && i18n.exists(`errors.${code}`) ? t(`errors.${code as ErrorCode}`) : t('firstRun.test.error');
  const busy = adding.isLoading || starting.isLoading || running || (tuid !== null && !tryon);

  return (
    <Paper withBorder p="lg" mb="lg" component="section" id="test-tryon" aria-labelledby="test-tryon-title">
      <Title order={2} size="h4" id="test-tryon-title" mb="xs">
        {t('firstRun.test.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('firstRun.test.description')}
      </Text>
      <Stack gap="sm" maw={420}>
        <Text size="sm">
          {t('firstRun.test.garment')}:{' '}
          <b>{garment ? garment.name || garment.g : t('firstRun.test.noGarment')}</b>
        </Text>
        <FileInput
          label={t('firstRun.test.photo')}
          description={t('firstRun.test.photoHint')}
          accept="image/jpeg,image/png,image/webp,image/avif"
          leftSection={<IconPhotoUp size={16} aria-hidden />}
          value={photo}
          onChange={setPhoto}
        />
        <Group>
          <Button onClick={run} disabled={!photo || !garment} loading={busy}>
            {t('firstRun.test.run')}
          </Button>
        </Group>
        {busy && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('firstRun.test.running')}</Text>
          </Group>
        )}
        {failure && <Alert color="red">{failure}</Alert>}
        {tryon?.status === 'failed' && <Alert color="red">{failedText(tryon.errorCode)}</Alert>}
        {tryon?.status === 'done' && tryon.image && (
          <Stack gap={4} data-testid="test-tryon-result">
            <Text size="sm" c="teal.9" fw={600}>
              {t('firstRun.test.done')}
            </Text>
            <Image
              src={sizedImage(tryon.image, 'card')}
              alt={t('firstRun.test.resultAlt')}
              radius="sm"
              maw={320}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
