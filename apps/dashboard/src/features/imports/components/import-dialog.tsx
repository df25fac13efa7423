import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { STACK_TABLES_BELOW } from '../../../components/stacked-table.tsx';
import type { ImportKind } from '../api/imports-api.ts';
import { type ImportsState, isActive } from '../hooks/use-imports.ts';
import { ImportHistory } from './import-history.tsx';
import { ImportProgress } from './import-progress.tsx';

type Source = 'csv' | 'merchant' | 'shopify';

/**
 * The import dialog: a CSV file (with its template), a Merchant Center feed URL or a Shopify store URL; the
 * progress of the import started here (or of one still running), and the kind's import history.
 */
export function ImportDialog(props: {
  kind: ImportKind;
  opened: boolean;
  onClose: () => void;
  state: ImportsState;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(`(max-width: ${STACK_TABLES_BELOW})`);
  const { state } = props;
  const [source, setSource] = useState<Source>('csv');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [removeMissing, setRemoveMissing] = useState(false);
  const [daily, setDaily] = useState(false);
  const [followed, setFollowed] = useState<string | null>(null);

  const current =
    state.imports.find((job) => job.id === followed) ?? state.imports.find((job) => isActive(job)) ?? null;
  const ready = source === 'csv' ? file !== null : url.trim() !== '';

  async function start() {
    const job =
      source === 'csv'
        ? file && (await state.startCsv(file, removeMissing))
        : await state.startUrl(source, url.trim(), removeMissing, daily);
    if (job) {
      setFollowed(job.id);
      setFile(null);
    }
  }

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t(`imports.title.${props.kind}`)}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          orientation={phone ? 'vertical' : 'horizontal'}
          value={source}
          onChange={(value) => setSource(value as Source)}
          aria-label={t('imports.sourceLabel')}
          data={(['csv', 'merchant', 'shopify'] as const).map((value) => ({
            value,
            label: t(`imports.source.${value}`),
          }))}
        />
        {source === 'csv' ? (
          <Stack gap="xs">
            <FileInput
              label={t('imports.file')}
              description={t('imports.fileHelp')}
              placeholder={t('imports.filePlaceholder')}
              accept=".csv,text/csv"
              leftSection={<IconFileTypeCsv size={16} aria-hidden />}
              value={file}
              onChange={setFile}
              clearable
            />
            <Group gap={4}>
              <Anchor component="button" type="button" size="sm" onClick={state.downloadTemplate}>
                <Group gap={4} wrap="nowrap">
                  <IconDownload size={14} aria-hidden />
                  {t('imports.template')}
                </Group>
              </Anchor>
            </Group>
          </Stack>
        ) : (
          <TextInput
            label={t(`imports.urlLabel.${source}`)}
            description={t(`imports.urlHelp.${source}`)}
            placeholder={
              source === 'merchant' ? 'https://shop.example/feed.xml' : 'https://store.myshopify.com'
            }
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            type="url"
            inputMode="url"
          />
        )}
        <Checkbox
          label={t('imports.removeMissing')}
          description={t('imports.removeMissingHelp')}
          checked={removeMissing}
          onChange={(event) => setRemoveMissing(event.currentTarget.checked)}
        />
        {source !== 'csv' && (
          <Checkbox
            label={t('imports.daily')}
            description={t('imports.dailyHelp')}
            checked={daily}
            onChange={(event) => setDaily(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button onClick={start} disabled={!ready} loading={state.starting}>
            {t('imports.start')}
          </Button>
        </Group>

        {current && <ImportProgress job={current} onCancel={() => state.cancel(current.id)} />}

        <Divider />
        <Title order={2} size="h4">
          {t('imports.history')}
        </Title>
        {state.loadError ? (
          <ErrorAlert message={t('imports.loadError')} onRetry={state.retry} />
        ) : state.loading ? (
          <CenteredLoader />
        ) : (
          <ImportHistory state={state} />
        )}
        <Text size="xs" c="dimmed">
          {t('imports.historyHelp')}
        </Text>
      </Stack>
    </Modal>
  );
}
