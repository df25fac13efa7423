import { Button, Checkbox, Group, Modal, SimpleGrid, TextInput } from '@mantine/core';
import { webhookEventTypes } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The new endpoint's URL and the events it wants (the completed and failed renders to start with). */
export function EndpointFormModal(props: {
  opened: boolean;
  busy: boolean;
  onSubmit: (url: string, events: string[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['tryon.completed', 'tryon.failed']);
  const submit = async () => {
    if (await props.onSubmit(url.trim(), events)) {
      setUrl('');
      props.onClose();
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('webhooks.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextInput
          label={t('webhooks.url')}
          description={t('webhooks.urlHint')}
          placeholder="https://shop.com/hooks/tryon"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          required
          data-autofocus
          mb="md"
        />
        <Checkbox.Group label={t('webhooks.events')} value={events} onChange={setEvents} mb="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {webhookEventTypes.map((type) => (
              <Checkbox key={type} value={type} label={type} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={props.busy} disabled={url.trim() === '' || events.length === 0}>
            {t('webhooks.add')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
