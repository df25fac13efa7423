import { Button, Group, Modal, TextInput } from '@mantine/core';
import { KEY_NAME_MAX } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyActions } from '../hooks/use-key-actions.ts';

/** Creating a key asks for its name (optional), so a developer can tell keys apart later. */
export function CreateKeyModal(props: {
  kind: 'public' | 'private' | null;
  actions: KeyActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const close = () => {
    setName('');
    props.onClose();
  };
  return (
    <Modal
      opened={props.kind !== null}
      onClose={close}
      title={props.kind === 'private' ? t('keys.createPrivate') : t('keys.createPublic')}
      centered
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (props.kind && (await props.actions.add(props.kind, name.trim()))) close();
        }}
      >
        <TextInput
          label={t('keys.name')}
          description={t('keys.nameHint')}
          placeholder={t('keys.namePlaceholder')}
          maxLength={KEY_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
          mb="lg"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={props.actions.adding}>
            {t('keys.create')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
