import { Alert, Anchor, Button, Code, CopyButton, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Garment } from '@tryon/contract';
import { shopperUrls } from '@tryon/web';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/urls/app-paths.ts';
import { embedSnippet } from '../onboarding-steps.ts';

const garmentOptions = (garments: Garment[]) =>
  garments.map((g) => ({ value: g.guid, label: g.name || g.g }));

/**
 * The embed script's tag with the shop's public key and a chosen garment filled in, and a copy button; copying
 * ticks the checklist's third step.
 */
export function EmbedSnippet({
  publicKey,
  garments,
  garment,
  onGarment,
  onCopied,
}: {
  publicKey: string | undefined;
  garments: Garment[];
  garment: Garment | undefined;
  onGarment: (guid: string) => void;
  onCopied: () => void;
}) {
  const { t } = useTranslation();
  const snippet = publicKey && garment ? embedSnippet(window.location.origin, publicKey, garment.g) : null;
  return (
    <Paper withBorder p="lg" mb="lg" component="section" id="embed-snippet" aria-labelledby="embed-title">
      <Title order={2} size="h4" id="embed-title" mb="xs">
        {t('firstRun.embed.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('firstRun.embed.description')}{' '}
        <Anchor href={shopperUrls.guide('tryon-widget')} size="sm" underline="always">
          {t('firstRun.embed.guide')}
        </Anchor>
      </Text>
      {!publicKey && (
        <Alert color="yellow" mb="md">
          {t('firstRun.embed.noKey')}{' '}
          <Anchor component={Link} to={paths.keys} c="inherit" fw={600} underline="always">
            {t('firstRun.steps.domainKey.action')}
          </Anchor>
        </Alert>
      )}
      {garments.length === 0 ? (
        <Alert color="yellow">
          {t('firstRun.embed.noGarment')}{' '}
          <Anchor component={Link} to={paths.garments} c="inherit" fw={600} underline="always">
            {t('firstRun.steps.garment.action')}
          </Anchor>
        </Alert>
      ) : (
        <Stack gap="sm">
          <Select
            label={t('firstRun.embed.garment')}
            data={garmentOptions(garments)}
            value={garment?.guid ?? null}
            onChange={(value) => value && onGarment(value)}
            allowDeselect={false}
            maw={420}
          />
          {snippet && (
            <>
              <Code block data-testid="embed-code" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {snippet}
              </Code>
              <CopyButton value={snippet} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    w="fit-content"
                    color={copied ? 'teal.9' : undefined}
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                    }
                    onClick={() => {
                      copy();
                      onCopied();
                    }}
                  >
                    {copied ? t('clipboard.success') : t('firstRun.embed.copy')}
                  </Button>
                )}
              </CopyButton>
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
