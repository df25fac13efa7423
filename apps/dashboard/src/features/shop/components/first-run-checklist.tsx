import {
  Anchor,
  Button,
  CloseButton,
  Group,
  List,
  Paper,
  Progress,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/urls/app-paths.ts';
import { type StepId, stepIds } from '../onboarding-steps.ts';

/** Where each step is done: the screen, or the section below the checklist. */
const stepLinks: Record<StepId, string> = {
  garment: paths.garments,
  domainKey: paths.keys,
  snippet: '#embed-snippet',
  tryon: '#test-tryon',
};

/**
 * The four steps from sign-up to a try-on on the shop's own site (issue 10), ticked from the shop's data;
 * hidden by the owner with the close button (kept per shop in this browser), shown again from the Shop screen.
 */
export function FirstRunChecklist({
  done,
  onDismiss,
}: {
  done: Record<StepId, boolean>;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const count = stepIds.filter((id) => done[id]).length;
  return (
    <Paper
      withBorder
      p="lg"
      mb="lg"
      component="section"
      aria-labelledby="first-run-title"
      data-testid="first-run"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4" id="first-run-title">
            {count === stepIds.length ? t('firstRun.allDone') : t('firstRun.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('firstRun.progress', { done: count, total: stepIds.length })}
          </Text>
        </div>
        <CloseButton aria-label={t('firstRun.dismiss')} onClick={onDismiss} />
      </Group>
      <Progress
        value={(count / stepIds.length) * 100}
        my="md"
        aria-label={t('firstRun.progress', { done: count, total: stepIds.length })}
      />
      <List spacing="sm" listStyleType="none" center>
        {stepIds.map((id) => (
          <List.Item
            key={id}
            data-testid={`step-${id}`}
            data-done={done[id] ? 'true' : 'false'}
            icon={
              <ThemeIcon
                color={done[id] ? 'teal.9' : 'gray.6'}
                variant={done[id] ? 'filled' : 'light'}
                size={24}
                radius="xl"
              >
                {done[id] ? <IconCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text size="sm" fw={600} component="span">
              {t(`firstRun.steps.${id}.title`)}
            </Text>
            <Text size="xs" c="dimmed" component="span" display="block">
              {done[id] ? t('firstRun.stepDone') : t(`firstRun.steps.${id}.hint`)}
            </Text>
            {!done[id] &&
              (stepLinks[id].startsWith('#') ? (
                <Anchor href={stepLinks[id]} size="xs">
                  {t(`firstRun.steps.${id}.action`)}
                </Anchor>
              ) : (
                <Anchor component={Link} to={stepLinks[id]} size="xs">
                  {t(`firstRun.steps.${id}.action`)}
                </Anchor>
              ))}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** What stays when the checklist is hidden: one button that brings it back. */
export function ShowChecklist({ onShow }: { onShow: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="subtle" size="xs" mb="md" onClick={onShow}>
      {t('firstRun.show')}
    </Button>
  );
}
