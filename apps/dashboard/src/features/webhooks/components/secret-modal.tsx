import { ActionIcon, Button, Code, CopyButton, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A signing secret, shown this once, with a copy button. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={t('webhooks.secretTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Text size="sm" mb="sm">
        {t('webhooks.secretOnce')}
      </Text>
      <Group gap="xs" wrap="nowrap" mb="lg">
        <Code block data-testid="webhook-secret" style={{ flex: 1, overflowWrap: 'anywhere' }}>
          {secret}
        </Code>
        <CopyButton value={secret ?? ''}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('webhooks.copied') : t('webhooks.copy')} withArrow>
              <ActionIcon
                variant="light"
                size="lg"
                color={copied ? 'teal' : undefined}
                aria-label={t('webhooks.copy')}
                onClick={copy}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('webhooks.secretSaved')}
        </Button>
      </Group>
    </Modal>
  );
}
