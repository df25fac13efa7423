import { ActionIcon, Group, Table, Tooltip } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { KEY_STATUS_INACTIVE, type KeyEntry } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useDebouncedKeyField } from '../hooks/use-debounced-key-field.ts';
import type { KeyActions } from '../hooks/use-key-actions.ts';
import { KeyStatusSelect } from './key-status-select.tsx';

/** A key's status (spec §4: saved as active 1 when the status is 0 or more, else 0), saved after the debounce. */
export function useKeyStatus(entry: KeyEntry, actions: KeyActions) {
  return useDebouncedKeyField(entry.status, (next) =>
    actions.update({ key: entry.apiKey, active: next >= 0 ? 1 : 0 }),
  );
}

/**
 * The status and delete cells every key row ends with. Switching a key off asks first, saying what stops
 * working (issue 15: risky actions are confirmed); switching it on does not.
 */
export function KeyRowEnd(props: {
  kind: 'public' | 'private';
  status: ReturnType<typeof useKeyStatus>;
  keyLabel: string;
  onDelete: () => void;
  /** Absent for a key already rolled. */
  onRoll?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Table.Td data-label={t('keys.status')}>
        <KeyStatusSelect
          value={props.status.value}
          onChange={(next) => (next === KEY_STATUS_INACTIVE ? setAsking(true) : props.status.change(next))}
          label={t('keys.status')}
        />
        <ConfirmModal
          opened={asking}
          title={t('keys.switchOffTitle', { key: props.keyLabel })}
          message={t(`keys.switchOff.${props.kind}`)}
          confirmLabel={t('keys.switchOffConfirm')}
          onConfirm={() => {
            setAsking(false);
            props.status.change(KEY_STATUS_INACTIVE);
          }}
          onClose={() => setAsking(false)}
        />
      </Table.Td>
      <Table.Td data-label={t('keys.actions')}>
        <Group gap={4} wrap="nowrap">
          {props.onRoll && (
            <Tooltip label={t('keys.roll.action')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray.7"
                aria-label={`${t('keys.roll.action')} ${props.keyLabel}`}
                onClick={props.onRoll}
                data-testid="roll-key"
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${t('app.delete')} ${props.keyLabel}`}
            onClick={props.onDelete}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </>
  );
}
