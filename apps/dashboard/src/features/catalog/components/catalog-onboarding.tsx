import { Anchor, Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { IconKey, IconPlus, IconShirt } from '@tabler/icons-react';
import { shopperUrls } from '@tryon/web';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/urls/app-paths.ts';

/**
 * The empty catalogue as a first step, not a blank page: what to do next (add one, import by URL from product
 * pages, embed the widget) with the buttons that do it.
 */
export function CatalogOnboarding({
  kind,
  onAdd,
  onSample,
  sampleBusy = false,
}: {
  kind: 'garment' | 'model';
  onAdd: () => void;
  /** Garments: adds a generated sample T-shirt. */
  onSample?: (() => void) | undefined;
  sampleBusy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" mt="lg" data-testid="catalog-onboarding">
      <Title order={2} size="h3" mb="xs">
        {t(`onboarding.${kind}.title`)}
      </Title>
      <Text c="dimmed" mb="md">
        {t(`onboarding.${kind}.text`)}
      </Text>
      <List spacing="xs" mb="lg" type="ordered">
        <List.Item>{t(`onboarding.${kind}.stepAdd`)}</List.Item>
        <List.Item>{t('onboarding.stepImport')}</List.Item>
        <List.Item>
          {t('onboarding.stepEmbed')}{' '}
          <Anchor
            href={shopperUrls.guide(kind === 'garment' ? 'tryon-widget' : 'look-widget')}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('onboarding.guide')}
          </Anchor>
        </List.Item>
      </List>
      {onSample && (
        <Text size="sm" mb="sm">
          {t('onboarding.sampleText')}
        </Text>
      )}
      <Group gap="sm">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {t(`onboarding.${kind}.add`)}
        </Button>
        {onSample && (
          <Button
            variant="light"
            leftSection={<IconShirt size={16} aria-hidden />}
            onClick={onSample}
            loading={sampleBusy}
          >
            {t('onboarding.sample')}
          </Button>
        )}
        <Button
          component={Link}
          to={paths.keys}
          variant="default"
          leftSection={<IconKey size={16} aria-hidden />}
        >
          {t('onboarding.keys')}
        </Button>
      </Group>
    </Paper>
  );
}
