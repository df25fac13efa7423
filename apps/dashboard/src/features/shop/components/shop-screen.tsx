import { Box, Group, Image, Paper, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import type { ShopUpdateField } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useProfileQuery } from '../../../lib/api/profile-api.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import { useUpdateOwnShopMutation } from '../api/shop-api.ts';
import { AutosaveInput } from './autosave-input.tsx';
import { GetStarted } from './get-started.tsx';
import { ShopSummary } from './shop-summary.tsx';

const isCount = (value: string) => /^\d{1,8}$/.test(value.trim());
/** What the server accepts for the logo and site (the contract's webUrlSchema): http(s) or empty. */
const isWebUrl = (value: string) => value.trim() === '' || /^https?:\/\/\S+$/i.test(value.trim());

/**
 * Spec §2 Shop: id, balance, editable name, site, logo (spec §3) and try-on limits (saved as you type), read-only
 * e-mail.
 */
export function ShopScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // Spec §4: the shop screen reads the user again whenever it opens.
  const { data: profile } = useProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateOwnShopMutation();
  const [saving, setSaving] = useState(false);

  /** Answers why the server refused the value (shown beside the field), or null once saved. */
  async function save(field: ShopUpdateField, value: string | number): Promise<string | null> {
    setSaving(true);
    const result = await update({ field, value });
    setSaving(false);
    if (!result.error) {
      notify.success(t('shop.updated'));
      return null;
    }
    const reason = errorText(result.error, t('shop.updateError'));
    notify.error(reason);
    return reason;
  }

  if (!profile) return <CenteredLoader />;
  const required = (value: string) => (value.trim() ? null : t('shop.required'));
  const count = (value: string) => (isCount(value) ? null : t('shop.numeric'));
  const webUrl = (value: string) => (isWebUrl(value) ? null : t('shop.urlInvalid'));
  const currency = (value: string) =>
    /^([A-Za-z]{3})?$/.test(value.trim()) ? null : t('shop.currencyInvalid');

  return (
    <>
      <PageHeader title={t('shop.title')} />
      <ShopSummary profile={profile} />
      <GetStarted suid={profile.suid} />
      <Paper withBorder p="lg" mb="lg" component="section">
        <Title order={2} size="h4" mb="xs">
          {t('shop.details')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('shop.autosave')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AutosaveInput
            label={t('shop.name')}
            stored={profile.name}
            saving={saving}
            validate={required}
            save={(v) => save('name', v.trim())}
          />
          <TextInput label={t('shop.email')} value={profile.mail} disabled readOnly />
          <AutosaveInput
            label={t('shop.site')}
            description={t('shop.siteHint')}
            stored={profile.url}
            saving={saving}
            required={false}
            validate={webUrl}
            save={(v) => save('url', v.trim())}
          />
          <Group align="flex-end" wrap="nowrap" gap="sm">
            <Box flex={1}>
              <AutosaveInput
                label={t('shop.logo')}
                description={t('shop.logoHint')}
                stored={profile.logo}
                saving={saving}
                required={false}
                validate={webUrl}
                save={(v) => save('logo', v.trim())}
              />
            </Box>
            {profile.logo && (
              <Image
                src={profile.logo}
                alt={t('shop.logoPreview')}
                w={36}
                h={36}
                fit="contain"
                radius="sm"
                data-testid="shop-logo"
              />
            )}
          </Group>
          <AutosaveInput
            label={t('shop.currency')}
            description={t('shop.currencyHint')}
            stored={profile.currency}
            saving={saving}
            required={false}
            validate={currency}
            save={(v) => save('currency', v.trim().toUpperCase())}
          />
        </SimpleGrid>
        <Title order={2} size="h4" mt="xl" mb="md">
          {t('shop.limits')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <AutosaveInput
            label={t('shop.limitTryon')}
            stored={String(profile.limitDailyTryon)}
            saving={saving}
            numeric
            validate={count}
            save={(v) => save('limit_tryon_daily', Number(v))}
          />
          <AutosaveInput
            label={t('shop.limitTryonPerClient')}
            stored={String(profile.limitDailyPerClientTryon)}
            saving={saving}
            numeric
            validate={count}
            save={(v) => save('limit_tryon_daily_per_client', Number(v))}
          />
          <TextInput
            label={t('shop.limitGarment')}
            description={t('shop.limitGarmentHint')}
            value={String(profile.limitDailyGarment)}
            disabled
            readOnly
          />
        </SimpleGrid>
      </Paper>
    </>
  );
}
