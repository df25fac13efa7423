import { Alert, Button, Code, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { KEY_ROLL_GRACE_HOURS, type KeyEntry } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyAction } from '../../../components/copy-action.tsx';
import type { KeyActions } from '../hooks/use-key-actions.ts';

/**
 * Rolling a key: the owner picks how long the old key keeps working, then sees the new one with a copy button.
 * Asked first, as a risky action, saying what happens to the old key.
 */
export function RollKeyModal(props: {
  entry: KeyEntry | null;
  keyLabel: string;
  actions: KeyActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [grace, setGrace] = useState('24');
  const [fresh, setFresh] = useState<KeyEntry | null>(null);
  const close = () => {
    setFresh(null);
    setGrace('24');
    props.onClose();
  };
  const graceLabel = (hours: number) => t(`keys.roll.grace.${hours}` as 'keys.roll.grace.24');
  return (
    <Modal
      opened={props.entry !== null}
      onClose={close}
      title={t('keys.roll.title', { key: props.keyLabel })}
      // A key may have no hyphen to break at: on a phone the title would push the dialog sideways.
      styles={{ title: { overflowWrap: 'anywhere' } }}
      centered
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {fresh ? (
        <Stack data-testid="rolled-key">
          <Alert variant="light" title={t('keys.roll.doneTitle')}>
            {t('keys.roll.done', { grace: graceLabel(Number(grace)) })}
          </Alert>
          <Group gap={4} wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }} data-testid="new-key">
              {fresh.apiKey}
            </Code>
            <CopyAction value={fresh.apiKey} label={t('keys.copy')} />
          </Group>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('app.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text>{t('keys.roll.explain')}</Text>
          <Select
            label={t('keys.roll.graceLabel')}
            data={KEY_ROLL_GRACE_HOURS.map((h) => ({ value: String(h), label: graceLabel(h) }))}
            value={grace}
            onChange={(v) => setGrace(v ?? '24')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="roll-grace"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button
              color="red"
              loading={props.actions.rolling}
              onClick={async () => {
                if (!props.entry) return;
                const made = await props.actions.roll(props.entry.apiKey, Number(grace));
                if (made) setFresh(made);
              }}
              data-autofocus
            >
              {t('keys.roll.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
