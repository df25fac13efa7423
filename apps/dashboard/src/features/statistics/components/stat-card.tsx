import { Paper, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { periodDelta } from '../period-delta.ts';

/**
 * One figure of the period with its change against the previous period. `lowerIsBetter` (failed renders) turns
 * the colours round: a rise is shown red.
 */
export function StatCard(props: {
  label: string;
  value: number;
  previous: number | undefined;
  days: number;
  testId: string;
  lowerIsBetter?: boolean;
}) {
  const { t } = useTranslation();
  const delta = props.previous === undefined ? null : periodDelta(props.value, props.previous);
  const good = delta && delta.kind !== 'same' && (delta.kind === 'down') === (props.lowerIsBetter ?? false);
  // Plain colour names take Mantine's per-scheme text shades (global.css darkens them in the light scheme).
  const color = !delta || delta.kind === 'same' ? 'dimmed' : good ? 'teal' : 'red';
  const Arrow = delta?.kind === 'down' ? IconArrowDownRight : IconArrowUpRight;
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text size="xl" fw={700} data-testid={props.testId}>
        {props.value}
      </Text>
      {delta && (
        <Text size="xs" c={color} data-testid={`${props.testId}-delta`} style={{ display: 'flex', gap: 2 }}>
          {(delta.kind === 'up' || delta.kind === 'down' || delta.kind === 'new') && (
            <Arrow size={14} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          )}
          <span>
            {delta.kind === 'same'
              ? t('statistics.delta.same', { count: props.days })
              : delta.kind === 'new'
                ? t('statistics.delta.new', { count: props.days })
                : t(`statistics.delta.${delta.kind}`, { percent: delta.percent, count: props.days })}{' '}
            {delta.kind !== 'new' && t('statistics.delta.was', { value: props.previous })}
          </span>
        </Text>
      )}
    </Paper>
  );
}
