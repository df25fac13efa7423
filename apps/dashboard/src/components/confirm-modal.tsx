import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Spec §5: deleting a garment, model, key or look asks first, naming what goes. */
export function ConfirmModal(props: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Text mb="lg">{props.message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('app.cancel')}
        </Button>
        <Button color="red" loading={props.busy} onClick={props.onConfirm} data-autofocus>
          {props.confirmLabel ?? t('app.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
