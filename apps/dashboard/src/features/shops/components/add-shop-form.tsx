import { Button, Group, Paper, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import { useAddShopMutation } from '../api/shops-api.ts';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Spec §5: shop name and e-mail are both required; the e-mail must look like one. */
export function AddShopForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [addShop, state] = useAddShopMutation();
  const nameError = touched && !name.trim() ? t('shops.required') : null;
  const emailError =
    touched && !looksLikeEmail(email) ? (email.trim() ? t('shops.invalidEmail') : t('shops.required')) : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!name.trim() || !looksLikeEmail(email)) return;
    const result = await addShop({ name: name.trim(), email: email.trim() });
    if (result.error) {
      notify.error(errorText(result.error, t('shops.adderror')));
      return;
    }
    notify.success(t('shops.addsuccess'));
    setName('');
    setEmail('');
    setTouched(false);
    onAdded();
  }

  return (
    <Paper withBorder p="md" mb="md">
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('shops.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            required
          />
          <TextInput
            label={t('shops.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
            required
          />
          <Button type="submit" mt={25} loading={state.isLoading}>
            {t('shops.create')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
